import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { createLinkedInAdapter } from './linkedin.js';
import { PublishError, type PublishTarget } from './types.js';

let sandbox: SandboxHandle;

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

  it('has no metrics for personal profiles: an empty map, no request', async () => {
    const metrics = await adapter().fetchMetrics({ target: connect(), platformPostIds: ['urn:li:share:1'] });
    expect(metrics.size).toBe(0);
    expect(metrics.get('urn:li:share:1') ?? null).toBeNull();
    expect(sandbox.requests()).toHaveLength(0);
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
