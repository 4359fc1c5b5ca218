// Facebook Page tokens in the sandbox: one stable token per (app, user, Page), whose permissions
// follow what the user has granted the app so far (Meta keeps permissions per app and user). A
// person who connects a Page and then, through the same Facebook app, its Instagram account gets
// a Page token that may publish to Instagram.
import { describe, expect, it } from 'vitest';
import { defaultClient, type Grant, SandboxStore } from './store.js';

function grant(store: SandboxStore, scopes: string[]): Grant {
  return {
    id: `grant-${scopes.join('-')}`,
    network: 'facebook',
    clientId: defaultClient('facebook').clientId,
    user: store.defaultUser(),
    scopes,
    authorizeParams: {},
    revoked: false,
  };
}

describe('sandbox Page tokens', () => {
  it('stay the same token and gain the permissions of a later login to the same app', () => {
    const store = new SandboxStore();
    const page = store.defaultUser().pages[0]!;
    const facebookLogin = grant(store, ['pages_show_list', 'pages_manage_posts']);
    const first = store.pageToken(facebookLogin, page);
    expect(first.grant.scopes).not.toContain('instagram_content_publish');

    const instagramLogin = grant(store, ['pages_show_list', 'instagram_basic', 'instagram_content_publish']);
    const second = store.pageToken(instagramLogin, page);
    expect(second.token).toBe(first.token);
    expect([...second.grant.scopes].sort()).toEqual(
      ['instagram_basic', 'instagram_content_publish', 'pages_manage_posts', 'pages_show_list'].sort(),
    );
    // The user tokens' own grants are untouched.
    expect(facebookLogin.scopes).toEqual(['pages_show_list', 'pages_manage_posts']);
    expect(instagramLogin.scopes).toEqual([
      'pages_show_list',
      'instagram_basic',
      'instagram_content_publish',
    ]);
  });

  it('a revoked grant gets a new token with only the new login’s permissions', () => {
    const store = new SandboxStore();
    const page = store.defaultUser().pages[0]!;
    const first = store.pageToken(grant(store, ['pages_manage_posts']), page);
    first.grant.revoked = true;
    const second = store.pageToken(grant(store, ['instagram_basic']), page);
    expect(second.token).not.toBe(first.token);
    expect(second.grant.scopes).toEqual(['instagram_basic']);
  });
});
