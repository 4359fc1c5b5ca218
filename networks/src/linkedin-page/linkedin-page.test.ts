// LinkedIn Pages against the sandbox: the Community Management OAuth and the organisation picker,
// publishing as urn:li:organization (text, images with alt text), the refusals a Page gets (not an
// admin: 403; no such organisation: 422), share statistics, the follower count and the lookup.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectRefusedError } from '../connect/types.js';
import { sha256, testMedia } from '../publishing/test-images.js';
import { PublishError, type PublishTarget } from '../publishing/types.js';
import { sandboxOrganizations } from '../sandbox/linkedin-organizations.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch, installSandboxFetch, uninstallSandboxFetch } from '../sandbox-url.js';
import { fetchLinkedInPageFollowers } from './followers.js';
import { linkedinPage } from './index.js';
import { createLinkedInPageOAuthClient } from './oauth.js';

let sandbox: SandboxHandle;
const clock = Date.parse('2026-11-27T12:00:00Z');
const PAGE_SCOPES = ['w_organization_social', 'r_organization_social', 'rw_organization_admin'];

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => clock });
  // Arctic's token call goes through the global fetch, routed to the sandbox.
  installSandboxFetch(sandbox.url);
});
afterAll(async () => {
  uninstallSandboxFetch();
  await sandbox.close();
});
beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
});

const client = () =>
  createLinkedInPageOAuthClient({
    clientId: 'sandbox-linkedin-client',
    clientSecret: 'sandbox-linkedin-secret',
    redirectUri: 'http://localhost:3000/auth/callback?connection=true',
    sandboxUrl: sandbox.url,
    fetch: createNetworkFetch(sandbox.url),
    now: () => clock,
  });
const adapter = () => linkedinPage.createPublisher({ fetch: createNetworkFetch(sandbox.url) });

/** Logs in through the sandbox (as `user`) and completes the connect steps. */
async function connect(user?: Parameters<SandboxHandle['setNextAuthorization']>[1]['user']) {
  if (user !== undefined) sandbox.setNextAuthorization('linkedin', { user });
  const url = client().createAuthorizationURL({ state: 'estado' });
  const answer = await fetch(url, { redirect: 'manual' });
  const code = new URL(answer.headers.get('location')!).searchParams.get('code')!;
  const tokens = await client().validateAuthorizationCode(code);
  return { tokens, outcome: await linkedinPage.connectSteps.complete(client(), tokens, tokens.scopes) };
}

/** A Page token of the default user (Ana) and her first organisation. */
function pageTarget(scopes: string[] = PAGE_SCOPES): PublishTarget {
  const issued = sandbox.issueToken({ network: 'linkedin', scopes });
  const ana = sandbox.control.store.defaultUser();
  return { platformUserId: sandboxOrganizations(ana)[0]!.id, accessToken: issued.accessToken };
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

describe('LinkedIn Pages: connecting', () => {
  it('asks LinkedIn for the three Community Management scopes and no OpenID ones', () => {
    const url = client().createAuthorizationURL({ state: 'abc' });
    expect(url.searchParams.get('scope')).toBe(PAGE_SCOPES.join(' '));
  });

  it('two administered Pages: the person chooses; the chosen one keeps the refresh token and expiry', async () => {
    const { tokens, outcome } = await connect();
    const organizations = sandboxOrganizations(sandbox.control.store.defaultUser());
    expect(organizations).toHaveLength(2);
    const acls = sandbox.requests({ pathPrefix: '/rest/organizationAcls' });
    expect(acls[0]!.query).toMatchObject({ q: 'roleAssignee', role: 'ADMINISTRATOR', state: 'APPROVED' });
    expect(acls[0]!.headers).toMatchObject({
      'linkedin-version': '202601',
      'x-restli-protocol-version': '2.0.0',
    });
    expect(outcome.kind).toBe('choose');
    if (outcome.kind !== 'choose') return;
    expect(outcome.choices).toEqual(organizations.map((o) => ({ id: o.id, name: o.name })));
    // The pending row seals the member's tokens, never a Page's (LinkedIn has none).
    expect(outcome.userToken).toContain(tokens.accessToken);
    const second = organizations[1]!;
    const account = await linkedinPage.connectSteps.picker!.choose(client(), {
      userToken: outcome.userToken,
      choiceId: second.id,
      profile: outcome.profile,
    });
    expect(account).toMatchObject({
      platformUserId: second.id,
      platformUsername: second.name,
      pageName: second.name,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    });
    expect(
      await linkedinPage.connectSteps.picker!.choose(client(), {
        userToken: outcome.userToken,
        choiceId: '999',
        profile: outcome.profile,
      }),
    ).toBeNull();
  });

  it('one Page connects at once; none is refused with no_linkedin_pages', async () => {
    const one = await connect({
      sub: '1000000000000000077',
      given_name: 'Rita',
      pages: [{ id: '10100000000777701', name: 'Padaria da Rita', category: 'Padaria' }],
    });
    expect(one.outcome).toMatchObject({
      kind: 'connected',
      account: { platformUserId: '2000777701', pageName: 'Padaria da Rita' },
    });
    const error = await connect({ sub: '1000000000000000078', given_name: 'Sem', pages: [] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConnectRefusedError);
    expect((error as ConnectRefusedError).reason).toBe('no_linkedin_pages');
  });

  it('renews the member’s token with the Pages app; the Page publishes with the new one', async () => {
    const { tokens } = await connect();
    expect(tokens.refreshToken).not.toBeNull();
    const renewed = await client().refreshAccessToken(tokens.refreshToken!);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    const ana = sandbox.control.store.defaultUser();
    const target = { platformUserId: sandboxOrganizations(ana)[0]!.id, accessToken: renewed.accessToken };
    await adapter().publish({ target, title: 't', text: 'Depois da renovação' });
    expect(sandbox.publishedPosts('linkedin_page')).toHaveLength(1);
  });

  it('reads the Page’s followers from networkSizes', async () => {
    const target = pageTarget();
    const count = await fetchLinkedInPageFollowers(target, { fetch: createNetworkFetch(sandbox.url) });
    expect(count).toBeGreaterThanOrEqual(1000);
    const [call] = sandbox.requests({ pathPrefix: '/rest/networkSizes' });
    expect(call!.path).toContain(encodeURIComponent(`urn:li:organization:${target.platformUserId}`));
    expect(call!.query).toMatchObject({ edgeType: 'COMPANY_FOLLOWED_BY_MEMBER' });
  });
});

describe('LinkedIn Pages: publishing as the organisation', () => {
  it('posts text with two images as urn:li:organization, images owned by the organisation', async () => {
    const target = pageTarget();
    const media = testMedia(2);
    const result = await adapter().publish({
      target,
      title: 't',
      text: 'Novidade #1 da (nossa) loja',
      media,
    });
    expect(result.platformPostId).toMatch(/^urn:li:share:\d+$/);
    const inits = sandbox.requests({ pathPrefix: '/rest/images' });
    expect(inits.map((c) => c.body)).toEqual([
      { initializeUploadRequest: { owner: `urn:li:organization:${target.platformUserId}` } },
      { initializeUploadRequest: { owner: `urn:li:organization:${target.platformUserId}` } },
    ]);
    const [post] = sandbox.requests({ pathPrefix: '/rest/posts', method: 'POST' });
    expect(post!.body).toMatchObject({
      author: `urn:li:organization:${target.platformUserId}`,
      commentary: 'Novidade \\#1 da \\(nossa\\) loja',
      content: { multiImage: { images: [{ altText: media[0]!.altText }, { altText: media[1]!.altText }] } },
    });
    const published = sandbox.publishedPosts('linkedin_page');
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ id: result.platformPostId, authorId: target.platformUserId });
    expect(published[0]!.media.map((m) => m.sha256)).toEqual(media.map((m) => sha256(m.bytes)));
    expect(sandbox.publishedPosts('linkedin')).toHaveLength(0);
  });

  it('a Page the member does not administer → 403, permanent, told in pt-BR to ask for the admin role', async () => {
    const bruno = sandbox.control.store.findUser('bruno')!;
    const target = { ...pageTarget(), platformUserId: sandboxOrganizations(bruno)[0]!.id };
    const error = await failure(adapter().publish({ target, title: 't', text: 'Olá' }));
    expect(error).toMatchObject({
      kind: 'permanent',
      details: { status: 403, networkCode: 'ACCESS_DENIED' },
    });
    expect(error.details.reason).toContain('não é mais administradora');
    expect(sandbox.publishedPosts('linkedin_page')).toHaveLength(0);
  });

  it('an organisation that does not exist → 422, permanent; a personal token (w_member_social only) → 403', async () => {
    const unknown = await failure(
      adapter().publish({ target: { ...pageTarget(), platformUserId: '1' }, title: 't', text: 'Olá' }),
    );
    expect(unknown).toMatchObject({ kind: 'permanent', details: { status: 422 } });
    expect(unknown.details.reason).toContain('Página');
    const personal = await failure(
      adapter().publish({
        target: pageTarget(['openid', 'profile', 'w_member_social']),
        title: 't',
        text: 'Olá',
      }),
    );
    expect(personal).toMatchObject({ kind: 'permanent', details: { status: 403 } });
    expect(sandbox.publishedPosts('linkedin_page')).toHaveLength(0);
  });

  it('a text over 3,000 characters is refused before any call', async () => {
    const error = await failure(
      adapter().publish({ target: pageTarget(), title: 't', text: 'a'.repeat(3001) }),
    );
    expect(error).toMatchObject({ kind: 'permanent', code: 'CONTENT_TOO_LONG' });
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('finds its own post again by text (an unknown outcome resolved), absent for another text', async () => {
    const target = pageTarget();
    const since = new Date(clock - 1000);
    const { platformPostId } = await adapter().publish({ target, title: 't', text: 'Oferta (só hoje)' });
    const until = new Date(clock + 1000);
    const lookup = adapter().lookupRecentPost!;
    expect(await lookup({ target, text: 'Oferta (só hoje)', since, until })).toMatchObject({
      kind: 'found',
      platformPostId,
    });
    expect(await lookup({ target, text: 'Outro texto', since, until })).toEqual({ kind: 'absent' });
    const [listing] = sandbox.requests({ pathPrefix: '/rest/posts', method: 'GET' });
    expect(listing!.query).toMatchObject({
      q: 'author',
      author: `urn:li:organization:${target.platformUserId}`,
    });
  });

  it('reads reach, likes and comments of the Page’s posts in one share-statistics call', async () => {
    const target = pageTarget();
    const { platformPostId } = await adapter().publish({ target, title: 't', text: 'Métricas' });
    sandbox.setPostMetrics({ platformPostId, reach: 420, likes: 31, comments: 7 });
    sandbox.clearRequests();
    const metrics = await adapter().fetchMetrics({
      target,
      platformPostIds: [platformPostId, 'urn:li:share:1', 'x'],
    });
    expect(metrics.get(platformPostId)).toEqual({ reach: 420, likes: 31, comments: 7 });
    expect(metrics.get('urn:li:share:1')).toBeNull();
    expect(metrics.get('x')).toBeNull();
    const calls = sandbox.requests({ pathPrefix: '/rest/organizationalEntityShareStatistics' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query).toMatchObject({
      q: 'organizationalEntity',
      organizationalEntity: `urn:li:organization:${target.platformUserId}`,
    });
  });

  it('share statistics without rw_organization_admin → 403, permanent', async () => {
    const target = pageTarget(['w_organization_social']);
    const error = await failure(adapter().fetchMetrics({ target, platformPostIds: ['urn:li:share:1'] }));
    expect(error).toMatchObject({ kind: 'permanent', details: { status: 403 } });
  });
});

describe('sandbox LinkedIn organisation endpoints', () => {
  const versioned = { 'LinkedIn-Version': '202601', 'X-Restli-Protocol-Version': '2.0.0' };
  const get = (path: string, token: string, headers: Record<string, string> = versioned) =>
    fetch(`${sandbox.url}/api.linkedin.com/rest/${path}`, {
      headers: { Authorization: `Bearer ${token}`, ...headers },
    });

  it('organizationAcls: the admin’s Pages; 403 without rw_organization_admin; 401 for an unknown token', async () => {
    const admin = pageTarget();
    const acls = await get(
      'organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED',
      admin.accessToken,
    );
    expect(acls.status).toBe(200);
    const body = (await acls.json()) as { elements: { organization: string; role: string }[] };
    expect(body.elements.map((e) => e.organization)).toContain(`urn:li:organization:${admin.platformUserId}`);
    const personal = pageTarget(['w_member_social']);
    const refused = await get('organizationAcls?q=roleAssignee', personal.accessToken);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ status: 403, serviceErrorCode: 100, code: 'ACCESS_DENIED' });
    expect((await get('organizationAcls?q=roleAssignee', 'nao-existe')).status).toBe(401);
    expect((await get('organizationAcls?q=roleAssignee', admin.accessToken, {})).status).toBe(400);
  });

  it('organizations?ids=List(…): results by id, errors for unknown ids; networkSizes needs the edge type', async () => {
    const { platformUserId, accessToken } = pageTarget();
    const lookup = await get(`organizations?ids=List(${platformUserId},1)`, accessToken);
    const body = (await lookup.json()) as {
      results: Record<string, { localizedName: string }>;
      errors: object;
    };
    expect(body.results[platformUserId]?.localizedName).toBe('Página de Ana');
    expect(body.errors).toHaveProperty('1');
    const urn = encodeURIComponent(`urn:li:organization:${platformUserId}`);
    expect((await get(`networkSizes/${urn}`, accessToken)).status).toBe(400);
    expect((await get(`networkSizes/${urn}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`, accessToken)).status).toBe(
      200,
    );
  });

  it('a post as the organisation answers 201 with x-restli-id and an empty body', async () => {
    const { platformUserId, accessToken } = pageTarget();
    const created = await fetch(`${sandbox.url}/api.linkedin.com/rest/posts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', ...versioned },
      body: JSON.stringify({
        author: `urn:li:organization:${platformUserId}`,
        commentary: 'Olá',
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED' },
        lifecycleState: 'PUBLISHED',
      }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-restli-id')).toMatch(/^urn:li:share:\d+$/);
    expect(await created.text()).toBe('');
  });
});
