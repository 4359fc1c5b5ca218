import type { SessionUser } from '../session';

/** 'Ana Souza', or the email when the profile has no name. */
export function displayName(user: SessionUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}

/** Up to two letters for the avatar: 'AS', or the email's first letter. */
export function initialsOf(user: SessionUser): string {
  const parts = [user.firstName, user.lastName].filter((part): part is string => Boolean(part?.trim()));
  const letters = parts.length > 0 ? parts.map((part) => part.trim()[0]) : [user.email[0]];
  return letters.join('').slice(0, 2).toUpperCase();
}
