import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appSecretProof } from '../meta/graph.js';
import { PublishError, type PublishTarget } from '../publishing/types.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { createFacebookAdapter } from './publish.js';

let sandbox: SandboxHandle;
let sequence = 0;

beforeAll(async () => {
  sandbox = await startSandbox();
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
});

function connectPage(scopes?: string[]): PublishTarget & { userToken: string } {
  const user = sandbox.issueToken({ network: 'facebook' });
  const pageId = user.pages[0]!.id;
  const page = sandbox.issueToken({
    network: 'facebook',
    pageId,
    ...(scopes === undefined ? {} : { scopes }),
  });
  return { platformUserId: pageId, accessToken: page.accessToken, userToken: user.accessToken };
}

function text(): string {
  sequence += 1;
  return `Novidade da página nº ${sequence}`;
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

const SECRET = 'sandbox-facebook-secret';
const adapter = (secret?: string) =>
  createFacebookAdapter({
    fetch: createNetworkFetch(sandbox.url),
    ...(secret === undefined ? {} : { facebookAppSecret: secret }),
  });

function graphFault(code: number, message: string, subcode?: number) {
  return {
    host: 'graph.facebook.com',
    pathPrefix: '/v21.0/',
    method: 'POST',
    status: 400,
    body: { error: { message, type: 'OAuthException', code, error_subcode: subcode, fbtrace_id: 'AbCd' } },
  };
}

describe('Facebook Pages adapter', () => {
  it('posts to the Page feed with the Page token and appsecret_proof', async () => {
    const target = connectPage();
    const body = text();
    const result = await adapter(SECRET).publish({ target, title: 't', text: body });
    expect(result.platformPostId).toMatch(new RegExp(`^${target.platformUserId}_\\d+$`));
    expect(result.url).toBe(`https://www.facebook.com/${result.platformPostId}`);
    const calls = sandbox.requests({
      host: 'graph.facebook.com',
      pathPrefix: `/v21.0/${target.platformUserId}/feed`,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      message: body,
      access_token: '[redacted]',
      appsecret_proof: appSecretProof(target.accessToken, SECRET),
    });
    expect(sandbox.publishedPosts('facebook')[0]).toMatchObject({
      authorId: target.platformUserId,
      text: body,
    });
  });

  it('uses the configured Graph version', async () => {
    const target = connectPage();
    const v = createFacebookAdapter({ fetch: createNetworkFetch(sandbox.url), graphVersion: 'v23.0' });
    await v.publish({ target, title: 't', text: text() });
    expect(sandbox.requests({ pathPrefix: `/v23.0/${target.platformUserId}/feed` })).toHaveLength(1);
  });

  it('a wrong app secret (bad appsecret_proof) → permanent, with the Graph message', async () => {
    const error = await failure(
      adapter('not-the-secret').publish({ target: connectPage(), title: 't', text: text() }),
    );
    expect(error).toMatchObject({ kind: 'permanent', code: 'REJECTED', details: { networkCode: '100' } });
    expect(error.message).toContain('appsecret_proof');
  });

  it('a user token instead of the Page token → #200 → permanent reconnect', async () => {
    const target = connectPage();
    const error = await failure(
      adapter().publish({ target: { ...target, accessToken: target.userToken }, title: 't', text: text() }),
    );
    expect(error).toMatchObject({
      kind: 'permanent',
      code: 'ACCOUNT_NEEDS_RECONNECT',
      details: { networkCode: '200' },
    });
    expect(error.message).not.toContain(target.userToken);
  });

  it.each([
    [32, undefined, 'rate_limited', 'RATE_LIMITED'],
    [4, undefined, 'rate_limited', 'RATE_LIMITED'],
    [190, 463, 'auth', 'ACCOUNT_NEEDS_RECONNECT'],
    [102, undefined, 'auth', 'ACCOUNT_NEEDS_RECONNECT'],
    [506, undefined, 'permanent', 'DUPLICATE_CONTENT'],
    [368, 1390008, 'permanent', 'DUPLICATE_CONTENT'],
    [100, undefined, 'permanent', 'REJECTED'],
    [2, undefined, 'unknown', 'UNKNOWN_OUTCOME'],
  ])('Graph error code %i/%s → %s %s', async (code, subcode, kind, publishCode) => {
    sandbox.addFault(graphFault(code, `Graph says ${code}`, subcode));
    const error = await failure(adapter().publish({ target: connectPage(), title: 't', text: text() }));
    expect(error).toMatchObject({ kind, code: publishCode });
    expect(error.message).toContain(`Graph says ${code}`);
    if (kind === 'rate_limited') expect(error.details.retryAfterMs).toBe(60_000);
  });

  it('a Graph rate limit waits what the usage header says', async () => {
    sandbox.addFault({
      ...graphFault(32, 'Page request limit reached'),
      headers: {
        'x-business-use-case-usage': JSON.stringify({
          '1': [{ type: 'pages', call_count: 100, estimated_time_to_regain_access: 5 }],
        }),
      },
    });
    const error = await failure(adapter().publish({ target: connectPage(), title: 't', text: text() }));
    expect(error.details.retryAfterMs).toBe(300_000);
  });

  it('metrics: likes and comments from the post, reach from insights', async () => {
    const target = connectPage();
    const a = await adapter(SECRET).publish({ target, title: 't', text: text() });
    const b = await adapter(SECRET).publish({ target, title: 't', text: text() });
    sandbox.setPostMetrics({ platformPostId: b.platformPostId, reach: 1234, likes: 56, comments: 7 });
    const metrics = await adapter(SECRET).fetchMetrics({
      target,
      platformPostIds: [a.platformPostId, b.platformPostId, `${target.platformUserId}_404`],
    });
    const derived = sandbox.control.postMetrics(a.platformPostId);
    expect(metrics.get(a.platformPostId)).toEqual({
      reach: derived.reach,
      likes: derived.likes,
      comments: derived.comments,
    });
    expect(metrics.get(b.platformPostId)).toEqual({ reach: 1234, likes: 56, comments: 7 });
    expect(metrics.get(`${target.platformUserId}_404`)).toBeNull();
    const fieldsCall = sandbox.requests({ pathPrefix: `/v21.0/${a.platformPostId}`, method: 'GET' })[0];
    expect(fieldsCall?.query).toMatchObject({ fields: 'likes.summary(true),comments.summary(true),shares' });
  });

  it('metrics: reach is null when insights fail', async () => {
    const target = connectPage();
    const post = await adapter().publish({ target, title: 't', text: text() });
    sandbox.addFault({
      host: 'graph.facebook.com',
      pathPrefix: `/v21.0/${post.platformPostId}/insights`,
      status: 400,
      body: {
        error: { message: '(#10) Requires read_insights permission', code: 10, type: 'OAuthException' },
      },
    });
    const metrics = await adapter().fetchMetrics({ target, platformPostIds: [post.platformPostId] });
    const derived = sandbox.control.postMetrics(post.platformPostId);
    expect(metrics.get(post.platformPostId)).toEqual({
      reach: null,
      likes: derived.likes,
      comments: derived.comments,
    });
  });

  it('metrics with a revoked token → auth (the sync stops)', async () => {
    const target = connectPage();
    const post = await adapter().publish({ target, title: 't', text: text() });
    sandbox.revokeToken(target.accessToken);
    const error = await failure(adapter().fetchMetrics({ target, platformPostIds: [post.platformPostId] }));
    expect(error.kind).toBe('auth');
  });
});

describe('sandbox Graph Page surface', () => {
  it('GET /<page-id>?fields=name,followers_count,fan_count,instagram_business_account', async () => {
    const target = connectPage();
    const response = await fetch(
      `${sandbox.url}/graph.facebook.com/v21.0/${target.platformUserId}?fields=name,followers_count,fan_count,instagram_business_account`,
      { headers: { Authorization: `Bearer ${target.userToken}` } },
    );
    expect(response.status).toBe(200);
    const page = (await response.json()) as Record<string, unknown>;
    expect(page).toMatchObject({ id: target.platformUserId, name: expect.any(String) });
    expect(page.fan_count).toEqual(expect.any(Number));
    expect(page.followers_count).toEqual(expect.any(Number));
    expect(page.instagram_business_account).toEqual({ id: expect.stringMatching(/^\d+$/) });
  });

  it('an unknown id → Graph error 100/33', async () => {
    const target = connectPage();
    const response = await fetch(
      `${sandbox.url}/graph.facebook.com/v21.0/424242?access_token=${target.accessToken}`,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 100, error_subcode: 33 } });
  });

  it('an empty message → Graph error 100', async () => {
    const target = connectPage();
    const response = await fetch(`${sandbox.url}/graph.facebook.com/v21.0/${target.platformUserId}/feed`, {
      method: 'POST',
      body: new URLSearchParams({ message: '', access_token: target.accessToken }),
    });
    expect(await response.json()).toMatchObject({ error: { code: 100 } });
  });
});
