// Threads' first comment against the sandbox (docs/first-comment.md): a reply — a TEXT container with
// `reply_to_id`, read until FINISHED, then threads_publish — once; each refusal classified; the
// lookup reads the profile's replies (`/{id}/replies`) and matches the one replying to the post.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PublishError, type PublishTarget } from '../publishing/types.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { createThreadsAdapter } from './publish.js';

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => sandbox.close());
beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
});

const adapter = () =>
  createThreadsAdapter({ fetch: createNetworkFetch(sandbox.url), statusPollIntervalMs: 5, timeoutMs: 5000 });

function target(scopes?: string[]): PublishTarget {
  const issued = sandbox.issueToken({ network: 'threads', ...(scopes === undefined ? {} : { scopes }) });
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

describe('Threads first comment (a reply)', () => {
  it('replies to the post once; the lookup finds the reply among the profile replies, not among its threads', async () => {
    const account = target();
    const post = await adapter().publish({ target: account, title: 't', text: `Post ${Math.random()}` });
    const since = new Date(Date.now() - 1000);
    const reply = await adapter().publishFirstComment!({
      target: account,
      platformPostId: post.platformPostId,
      text: 'Receita: #bolo',
    });
    const containers = sandbox.requests({
      host: 'graph.threads.net',
      pathPrefix: `/v1.0/${account.platformUserId}/threads`,
      method: 'POST',
    });
    // The post's container and publish, then the reply's.
    expect(containers.map((c) => c.path)).toEqual([
      `/v1.0/${account.platformUserId}/threads`,
      `/v1.0/${account.platformUserId}/threads_publish`,
      `/v1.0/${account.platformUserId}/threads`,
      `/v1.0/${account.platformUserId}/threads_publish`,
    ]);
    expect(containers[2]?.body).toMatchObject({
      media_type: 'TEXT',
      text: 'Receita: #bolo',
      reply_to_id: post.platformPostId,
      access_token: '[redacted]',
    });
    const posts = sandbox.publishedPosts('threads');
    expect(posts.filter((p) => p.inReplyToId === undefined)).toHaveLength(1);
    expect(posts.filter((p) => p.inReplyToId === post.platformPostId)).toEqual([
      expect.objectContaining({ id: reply.id, text: 'Receita: #bolo' }),
    ]);

    const lookup = { target: account, platformPostId: post.platformPostId, text: 'Receita:  #bolo', since };
    expect(await adapter().lookupFirstComment!(lookup)).toMatchObject({
      kind: 'found',
      platformPostId: reply.id,
    });
    expect(await adapter().lookupFirstComment!({ ...lookup, text: 'outra' })).toEqual({ kind: 'absent' });
    // The same text replying to another post is not this one's.
    expect(await adapter().lookupFirstComment!({ ...lookup, platformPostId: '12345' })).toEqual({
      kind: 'absent',
    });
    // The post's own lookup does not take the reply for a post.
    expect(
      await adapter().lookupRecentPost!({
        target: account,
        text: 'Receita: #bolo',
        since,
        until: new Date(),
      }),
    ).toEqual({ kind: 'absent' });
  });

  it('a post that does not exist: permanent, nothing published; without threads_read_replies the lookup cannot tell', async () => {
    const account = target();
    const missing = await failure(
      adapter().publishFirstComment!({ target: account, platformPostId: '999', text: 'oi' }),
    );
    expect(missing).toMatchObject({ kind: 'permanent', details: { networkCode: '100/33' } });
    expect(missing.details.reason).toBeTruthy();
    expect(sandbox.publishedPosts('threads')).toHaveLength(0);
    const noReplies = target(['threads_basic', 'threads_content_publish']);
    expect(
      await adapter().lookupFirstComment!({
        target: noReplies,
        platformPostId: '999',
        text: 'oi',
        since: new Date(),
      }),
    ).toMatchObject({ kind: 'unknown' });
  });

  it('a token Threads refuses: auth; over 500 characters (emojis by bytes): refused before any request', async () => {
    const account = target();
    const post = await adapter().publish({ target: account, title: 't', text: `Post ${Math.random()}` });
    const wrong = await failure(
      adapter().publishFirstComment!({
        target: { ...account, accessToken: 'token-que-nao-existe' },
        platformPostId: post.platformPostId,
        text: 'oi',
      }),
    );
    expect(wrong).toMatchObject({ kind: 'auth', code: 'ACCOUNT_NEEDS_RECONNECT' });
    sandbox.reset();
    const long = await failure(
      adapter().publishFirstComment!({
        target: account,
        platformPostId: post.platformPostId,
        text: '😀'.repeat(126),
      }),
    );
    expect(long).toMatchObject({ kind: 'permanent', code: 'CONTENT_TOO_LONG' });
    expect(sandbox.requests()).toHaveLength(0);
    expect(sandbox.publishedPosts('threads').filter((p) => p.inReplyToId !== undefined)).toHaveLength(0);
  });

  it('a lost connection while the container is prepared is a plain retry; after threads_publish it is unknown', async () => {
    const account = target();
    const post = await adapter().publish({ target: account, title: 't', text: `Post ${Math.random()}` });
    sandbox.addFault({
      host: 'graph.threads.net',
      pathPrefix: `/v1.0/${account.platformUserId}/threads`,
      method: 'POST',
      reset: true,
    });
    const before = await failure(
      adapter().publishFirstComment!({ target: account, platformPostId: post.platformPostId, text: 'oi' }),
    );
    expect(before).toMatchObject({ kind: 'retryable', code: 'NETWORK_UNAVAILABLE' });
    expect(before.details.reason).toContain('nada foi publicado');
    sandbox.addFault({
      host: 'graph.threads.net',
      pathPrefix: `/v1.0/${account.platformUserId}/threads_publish`,
      method: 'POST',
      reset: true,
    });
    const after = await failure(
      adapter().publishFirstComment!({ target: account, platformPostId: post.platformPostId, text: 'oi' }),
    );
    expect(after.kind).toBe('unknown');
  });
});
