import { describe, expect, it } from 'vitest';
import { type ConnectedAccount, type ConnectProfile, connectOrChoose, isNonEmpty } from './types.js';

const profile: ConnectProfile = { email: 'dona@exemplo.com.br', name: 'Dona', scopes: ['pages_show_list'] };
const account = (page: { id: string; name: string }, who: ConnectProfile): ConnectedAccount => ({
  platformUserId: page.id,
  platformUsername: page.name,
  name: who.name,
  email: who.email,
  avatarUrl: null,
  pageName: page.name,
  scopes: who.scopes,
  accessToken: `token-${page.id}`,
  refreshToken: null,
  accessTokenExpiresAt: null,
});
const input = {
  userToken: 'user-token',
  profile,
  account,
  choice: (page: { id: string; name: string }) => page,
};

describe('connectOrChoose', () => {
  it('connects the only option at once, with the profile read at login', () => {
    expect(connectOrChoose([{ id: '1', name: 'Loja' }], input)).toEqual({
      kind: 'connected',
      account: account({ id: '1', name: 'Loja' }, profile),
    });
  });

  it('lets the person choose among several, keeping the user token for the choice (never an option’s)', () => {
    const outcome = connectOrChoose(
      [
        { id: '1', name: 'Loja' },
        { id: '2', name: 'Outra Loja' },
      ],
      input,
    );
    expect(outcome).toEqual({
      kind: 'choose',
      userToken: 'user-token',
      choices: [
        { id: '1', name: 'Loja' },
        { id: '2', name: 'Outra Loja' },
      ],
      profile,
    });
    expect(JSON.stringify(outcome)).not.toContain('token-');
  });

  it('leaves no options to the caller (its own refusal)', () => {
    expect(isNonEmpty([])).toBe(false);
    expect(isNonEmpty([1])).toBe(true);
  });
});
