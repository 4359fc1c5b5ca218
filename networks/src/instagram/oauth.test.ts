// Facebook Login for Instagram against the sandbox: the Pages' linked professional accounts as
// `GET /me/accounts?fields=…,instagram_business_account{id,username,profile_picture_url}` answers
// them, including what a token without the Instagram permissions sees.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { createInstagramOAuthClient } from './oauth.js';

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox();
  sandbox.setUser('eva', {
    sub: '3000000000000000001',
    given_name: 'Eva',
    username: 'evamarques',
    pages: [
      { id: '40000000001', name: 'Café da Eva', category: 'Café', instagramAccountId: '17841499000000001' },
      { id: '40000000002', name: 'Eva Pessoal', category: 'Blog' },
      {
        id: '40000000003',
        name: 'Eva Eventos',
        category: 'Eventos',
        instagramAccountId: '17841499000000003',
        instagramUsername: 'evaeventos',
      },
    ],
  });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => sandbox.clearRequests());

const client = () =>
  createInstagramOAuthClient({
    clientId: 'sandbox-facebook-client',
    clientSecret: 'sandbox-facebook-secret',
    redirectUri: 'http://localhost:3000/auth/callback?connection=true',
    fetch: createNetworkFetch(sandbox.url),
  });

describe('Instagram accounts linked to Pages', () => {
  it('reads each Page with its linked account (null where none), signed with appsecret_proof', async () => {
    const { accessToken } = sandbox.issueToken({ network: 'facebook', user: 'eva' });
    const pages = await client().fetchPagesWithInstagram(accessToken);
    expect(
      pages.map((page) => [page.id, page.name, page.instagram?.id ?? null, page.instagram?.username]),
    ).toEqual([
      ['40000000001', 'Café da Eva', '17841499000000001', 'evamarques.ig'],
      ['40000000002', 'Eva Pessoal', null, undefined],
      ['40000000003', 'Eva Eventos', '17841499000000003', 'evaeventos'],
    ]);
    expect(pages[0]?.instagram?.profilePictureUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/__sandbox\/avatars\//,
    );
    // Page tokens, each able to act as its Page.
    for (const page of pages) expect(page.accessToken).not.toBe(accessToken);
    const [request] = sandbox.requests({ host: 'graph.facebook.com' });
    expect(request?.query).toMatchObject({
      fields: 'id,name,access_token,category,instagram_business_account{id,username,profile_picture_url}',
    });
    expect(request?.query).toHaveProperty('appsecret_proof');
  });

  it('without instagram_basic only the id shows; without the Page permissions, nothing', async () => {
    const pagesOnly = sandbox.issueToken({
      network: 'facebook',
      user: 'eva',
      scopes: ['pages_show_list', 'pages_read_engagement'],
    });
    const first = (await client().fetchPagesWithInstagram(pagesOnly.accessToken))[0];
    expect(first?.instagram).toEqual({ id: '17841499000000001', username: null, profilePictureUrl: null });

    const listOnly = sandbox.issueToken({ network: 'facebook', user: 'eva', scopes: ['pages_show_list'] });
    const pages = await client().fetchPagesWithInstagram(listOnly.accessToken);
    expect(pages.map((page) => page.instagram)).toEqual([null, null, null]);
  });

  it('lists the granted permissions (Graph /me/permissions), so an unticked one is seen', async () => {
    const all = sandbox.issueToken({ network: 'facebook', user: 'eva' });
    expect(await client().fetchGrantedPermissions(all.accessToken)).toEqual(
      expect.arrayContaining(['instagram_basic', 'instagram_content_publish', 'pages_show_list']),
    );
    const partial = sandbox.issueToken({
      network: 'facebook',
      user: 'eva',
      scopes: ['instagram_basic', 'pages_show_list'],
    });
    const granted = await client().fetchGrantedPermissions(partial.accessToken);
    expect(granted).toContain('instagram_basic');
    expect(granted).not.toContain('instagram_content_publish');
  });

  it('the Facebook Page list does not ask for Instagram fields', async () => {
    const { accessToken } = sandbox.issueToken({ network: 'facebook', user: 'eva' });
    const pages = await client().fetchPages(accessToken);
    expect(pages[0]).toEqual({
      id: '40000000001',
      name: 'Café da Eva',
      accessToken: expect.any(String),
      category: 'Café',
    });
    expect(sandbox.requests({ host: 'graph.facebook.com' })[0]?.query).toMatchObject({
      fields: 'id,name,access_token,category',
    });
  });
});
