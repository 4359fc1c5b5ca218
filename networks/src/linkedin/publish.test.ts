import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PublishError, type PublishTarget } from '../publishing/types.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { createLinkedInAdapter } from './publish.js';

let sandbox: SandboxHandle;
/** The sandbox's clock: metrics grow with a post's age (sandbox/posts.ts). */
let clock = Date.parse('2026-11-25T12:00:00Z');
const advanceTime = (ms: number) => {
  clock += ms;
};

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => clock });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
});

function connect(scopes?: string[]): PublishTarget {
  const issued = sandbox.issueToken({ network: 'linkedin', ...(scopes === undefined ? {} : { scopes }) });
  return { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

describe('LinkedIn adapter', () => {
  const adapter = () => createLinkedInAdapter({ fetch: createNetworkFetch(sandbox.url) });

  it('posts as the member with the versioned headers and a little-text escaped body', async () => {
    const target = connect();
    const text = 'Dica #1 (grátis): fale com @pauta_app [agora]';
    const result = await adapter().publish({ target, title: 'Dica', text });
    expect(result.platformPostId).toMatch(/^urn:li:share:\d+$/);
    expect(result.url).toBe(`https://www.linkedin.com/feed/update/${result.platformPostId}/`);
    const calls = sandbox.requests({ host: 'api.linkedin.com', pathPrefix: '/rest/posts' });
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.method).toBe('POST');
    expect(call.headers).toMatchObject({
      authorization: 'Bearer',
      'linkedin-version': '202601',
      'x-restli-protocol-version': '2.0.0',
      'content-type': 'application/json',
    });
    expect(call.body).toEqual({
      author: `urn:li:person:${target.platformUserId}`,
      commentary: 'Dica \\#1 \\(grátis\\): fale com \\@pauta\\_app \\[agora\\]',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
    expect(sandbox.publishedPosts('linkedin')).toHaveLength(1);
  });

  it('a sunset LinkedIn-Version → permanent, naming LINKEDIN_VERSION', async () => {
    const old = createLinkedInAdapter({ fetch: createNetworkFetch(sandbox.url), linkedinVersion: '202001' });
    const error = await failure(old.publish({ target: connect(), title: 't', text: 'Olá' }));
    expect(error).toMatchObject({
      kind: 'permanent',
      code: 'REJECTED',
      details: { status: 426, networkCode: 'NONEXISTENT_VERSION' },
    });
    expect(error.message).toContain('LINKEDIN_VERSION');
    expect(error.message).toContain('202001');
  });

  it('an expired token → auth', async () => {
    const target = connect();
    sandbox.expireAccessToken(target.accessToken);
    const error = await failure(adapter().publish({ target, title: 't', text: 'Olá' }));
    expect(error).toMatchObject({ kind: 'auth', code: 'ACCOUNT_NEEDS_RECONNECT', details: { status: 401 } });
  });

  it('without w_member_social → 403, permanent', async () => {
    const target = connect(['openid', 'profile', 'email']);
    const error = await failure(adapter().publish({ target, title: 't', text: 'Olá' }));
    expect(error).toMatchObject({ kind: 'permanent', code: 'REJECTED', details: { status: 403 } });
    expect(error.message).toContain('Not enough permissions');
  });

  it("posting as someone else's URN → 403, permanent", async () => {
    const target = { ...connect(), platformUserId: '999' };
    const error = await failure(adapter().publish({ target, title: 't', text: 'Olá' }));
    expect(error).toMatchObject({ kind: 'permanent', details: { status: 403 } });
    expect(sandbox.publishedPosts('linkedin')).toHaveLength(0);
  });

  it('a text over 3000 characters fails before any request', async () => {
    const error = await failure(adapter().publish({ target: connect(), title: 't', text: 'a'.repeat(3001) }));
    expect(error).toMatchObject({ kind: 'permanent', code: 'CONTENT_TOO_LONG' });
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('a duplicate refusal (422) → DUPLICATE_CONTENT', async () => {
    sandbox.addFault({
      host: 'api.linkedin.com',
      pathPrefix: '/rest/posts',
      status: 422,
      body: { status: 422, message: 'Content is a duplicate of urn:li:share:7000000000000000001' },
    });
    const error = await failure(adapter().publish({ target: connect(), title: 't', text: 'Olá' }));
    expect(error).toMatchObject({ kind: 'permanent', code: 'DUPLICATE_CONTENT' });
  });

  it('a 201 without x-restli-id → unknown (the post probably exists)', async () => {
    sandbox.addFault({ host: 'api.linkedin.com', pathPrefix: '/rest/posts', status: 201, body: '' });
    const error = await failure(adapter().publish({ target: connect(), title: 't', text: 'Olá' }));
    expect(error).toMatchObject({ kind: 'unknown', code: 'UNKNOWN_OUTCOME' });
  });

  it('LINKEDIN_POST_ANALYTICS off: no metrics and no request', async () => {
    const metrics = await adapter().fetchMetrics({ target: connect(), platformPostIds: ['urn:li:share:1'] });
    expect(metrics.size).toBe(0);
    expect(sandbox.requests()).toHaveLength(0);
  });
});

describe('LinkedIn member post analytics (LINKEDIN_POST_ANALYTICS on)', () => {
  const analytics = () =>
    createLinkedInAdapter({ fetch: createNetworkFetch(sandbox.url), postAnalytics: true });
  const withAnalytics = () =>
    connect(['openid', 'profile', 'email', 'w_member_social', 'r_member_postAnalytics']);

  it('reads reach, reactions and comments per post with the versioned finder, growing with time', async () => {
    const target = withAnalytics();
    const { platformPostId } = await analytics().publish({ target, title: 't', text: 'Olá' });
    sandbox.clearRequests();
    advanceTime(60 * 60_000);
    const early = (await analytics().fetchMetrics({ target, platformPostIds: [platformPostId] })).get(
      platformPostId,
    );
    const calls = sandbox.requests({
      host: 'api.linkedin.com',
      pathPrefix: '/rest/memberCreatorPostAnalytics',
    });
    expect(calls.map((c) => c.query.queryType)).toEqual(['MEMBERS_REACHED', 'REACTION', 'COMMENT']);
    for (const call of calls) {
      expect(call.method).toBe('GET');
      expect(call.headers).toMatchObject({
        'linkedin-version': '202601',
        'x-restli-protocol-version': '2.0.0',
      });
      expect(call.query).toMatchObject({
        q: 'entity',
        entity: `(share:${platformPostId})`,
        aggregation: 'TOTAL',
      });
      expect(call.status).toBe(200);
    }
    const now = sandbox.control.postMetrics(platformPostId);
    expect(early).toEqual({ reach: now.reach, likes: now.likes, comments: now.comments });
    expect(early!.reach).toBeGreaterThan(0);
    advanceTime(23 * 60 * 60_000);
    const later = (await analytics().fetchMetrics({ target, platformPostIds: [platformPostId] })).get(
      platformPostId,
    );
    expect(later!.reach!).toBeGreaterThan(early!.reach!);
  });

  it('a post LinkedIn does not know has no metrics (null), the others still read', async () => {
    const target = withAnalytics();
    const { platformPostId } = await analytics().publish({ target, title: 't', text: 'Olá' });
    const metrics = await analytics().fetchMetrics({
      target,
      platformPostIds: [platformPostId, 'urn:li:share:42', 'not-a-urn'],
    });
    expect(metrics.get(platformPostId)?.reach).toEqual(expect.any(Number));
    expect(metrics.get('urn:li:share:42')).toBeNull();
    expect(metrics.get('not-a-urn')).toBeNull();
  });

  it('an account connected without r_member_postAnalytics → permanent, reconnect, with the pt-BR reason', async () => {
    const target = connect();
    const { platformPostId } = await analytics().publish({ target, title: 't', text: 'Olá' });
    const error = await failure(analytics().fetchMetrics({ target, platformPostIds: [platformPostId] }));
    expect(error).toMatchObject({
      kind: 'permanent',
      code: 'ACCOUNT_NEEDS_RECONNECT',
      details: { status: 403, networkCode: 'SCOPE_MISSING_ANALYTICS' },
    });
    expect(error.message).toContain('r_member_postAnalytics');
    expect(error.details.reason).toContain('Reconecte a conta');
  });

  it('an expired token → auth', async () => {
    const target = withAnalytics();
    const { platformPostId } = await analytics().publish({ target, title: 't', text: 'Olá' });
    sandbox.expireAccessToken(target.accessToken);
    const error = await failure(analytics().fetchMetrics({ target, platformPostIds: [platformPostId] }));
    expect(error).toMatchObject({
      kind: 'auth',
      details: { status: 401, networkCode: 'INVALID_ACCESS_TOKEN' },
    });
  });
});

describe('sandbox LinkedIn Posts API validation', () => {
  async function post(headers: Record<string, string>, body: unknown) {
    const target = connect();
    return fetch(`${sandbox.url}/api.linkedin.com/rest/posts`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${target.accessToken}`,
        'Content-Type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(body),
    });
  }
  const body = (sub: string) => ({
    author: `urn:li:person:${sub}`,
    commentary: 'Olá',
    visibility: 'PUBLIC',
    distribution: { feedDistribution: 'MAIN_FEED' },
    lifecycleState: 'PUBLISHED',
  });
  const sub = () => sandbox.issueToken({ network: 'linkedin' }).platformUserId;

  it('requires LinkedIn-Version and X-Restli-Protocol-Version', async () => {
    const noVersion = await post({ 'X-Restli-Protocol-Version': '2.0.0' }, body(sub()));
    expect(noVersion.status).toBe(400);
    const noProtocol = await post({ 'LinkedIn-Version': '202601' }, body(sub()));
    expect(noProtocol.status).toBe(400);
    const sunset = await post(
      { 'LinkedIn-Version': '202001', 'X-Restli-Protocol-Version': '2.0.0' },
      body(sub()),
    );
    expect(sunset.status).toBe(426);
    expect(await sunset.json()).toMatchObject({ code: 'NONEXISTENT_VERSION', status: 426 });
  });

  it('answers 201 with x-restli-id and an empty body', async () => {
    const ok = await post(
      { 'LinkedIn-Version': '202601', 'X-Restli-Protocol-Version': '2.0.0' },
      body(sub()),
    );
    expect(ok.status).toBe(201);
    expect(ok.headers.get('x-restli-id')).toMatch(/^urn:li:share:\d+$/);
    expect(await ok.text()).toBe('');
  });
});

describe('sandbox memberCreatorPostAnalytics validation', () => {
  const get = (query: string, headers: Record<string, string>, token: string) =>
    fetch(`${sandbox.url}/api.linkedin.com/rest/memberCreatorPostAnalytics?${query}`, {
      headers: { Authorization: `Bearer ${token}`, ...headers },
    });
  const versioned = { 'LinkedIn-Version': '202601', 'X-Restli-Protocol-Version': '2.0.0' };

  it('checks the headers, the scope and the Rest.li 2.0 encoding of the entity', async () => {
    const target = connect(['openid', 'profile', 'w_member_social', 'r_member_postAnalytics']);
    const { platformPostId: urn } = await createLinkedInAdapter({
      fetch: createNetworkFetch(sandbox.url),
    }).publish({ target, title: 't', text: 'Olá' });
    const encoded = `q=entity&entity=(share:${encodeURIComponent(urn)})&queryType=IMPRESSION&aggregation=TOTAL`;
    expect((await get(encoded, {}, target.accessToken)).status).toBe(400);
    expect((await get(encoded, { 'LinkedIn-Version': '202601' }, target.accessToken)).status).toBe(400);
    const raw = `q=entity&entity=(share:${urn})&queryType=IMPRESSION&aggregation=TOTAL`;
    expect((await get(raw, versioned, target.accessToken)).status).toBe(400);
    const wrongType = encoded.replace('IMPRESSION', 'LIKES');
    expect((await get(wrongType, versioned, target.accessToken)).status).toBe(400);
    const ok = await get(encoded, versioned, target.accessToken);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      elements: [
        {
          count: expect.any(Number),
          metricType: {
            'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1': 'IMPRESSION',
          },
          targetEntity: { share: urn },
        },
      ],
    });
    const noScope = connect();
    const denied = await get(encoded, versioned, noScope.accessToken);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ code: 'ACCESS_DENIED', serviceErrorCode: 100 });
  });
});
