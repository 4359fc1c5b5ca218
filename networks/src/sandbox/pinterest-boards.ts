// The boards sandbox Pinterest gives a sandbox user: one per Facebook Page of theirs (same names),
// so the default user has two (the picker), a user without Pages none (the refusal). Every user has
// a business account (analytics answer) but Bruno, whose personal account (PINNER) has none.
import type { SandboxUser } from './store.js';

export interface SandboxBoard {
  id: string;
  name: string;
  privacy: 'PUBLIC' | 'SECRET';
}

/** The user's boards: 18-digit ids, stable, distinct from the other networks' ids. */
export function pinterestBoards(user: SandboxUser): SandboxBoard[] {
  return user.pages.map((page) => ({
    id: `5497${page.id.slice(-14).padStart(14, '0')}`,
    name: page.name,
    privacy: 'PUBLIC',
  }));
}

/** Bruno's sub (store.ts DEFAULT_USERS): the one personal account. */
const PERSONAL_ACCOUNTS = new Set(['1000000000000000002']);

export function pinterestAccountType(user: Pick<SandboxUser, 'sub'>): 'BUSINESS' | 'PINNER' {
  return PERSONAL_ACCOUNTS.has(user.sub) ? 'PINNER' : 'BUSINESS';
}
