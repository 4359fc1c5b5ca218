// Facebook's first comment against the sandbox (docs/first-comment.md): the Page comments on its
// post once (`POST /{page-post-id}/comments`), each refusal classified with its pt-BR reason, and
// the lookup finds the Page's own comment, proves it absent, or cannot tell.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PublishError, type PublishTarget } from '../publishing/types.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { FACEBOOK_COMMENT_ERRORS } from './first-comment.js';
import { createFacebookAdapter } from './publish.js';

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => sandbox.close());
beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
});

const adapter = () => createFacebookAdapter({ fetch: createNetworkFetch(sandbox.url), timeoutMs: 5000 });

/** A Page token of the default user's first Page (scopes: everything the connect flow asks). */
function pageTarget(scopes?: string[]): PublishTarget {
  const user = sandbox.issueToken({ network: 'facebook' });
  const pageId = user.pages[0]!.id;
  const page = sandbox.issueToken({
    network: 'facebook',
    pageId,
    ...(scopes === undefined ? {} : { scopes }),
  });
  return { platformUserId: pageId, accessToken: page.accessToken };
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

const reason = (key: string) => FACEBOOK_COMMENT_ERRORS.find((row) => row.key === key)!.message;

async function publishedPost(target: PublishTarget) {
  return adapter().publish({ target, title: 't', text: `Bolo de cenoura ${Math.random()}` });
}

describe('Facebook first comment', () => {
  it('the Page comments on its post once; the lookup finds it by the Page, and proves another text absent', async () => {
    const target = pageTarget();
    const post = await publishedPost(target);
    const since = new Date(Date.now() - 1000);
    const comment = await adapter().publishFirstComment!({
      target,
      platformPostId: post.platformPostId,
      text: '#bolo #receita',
    });
    expect(comment.id).toMatch(/^\d+_\d+$/);
    const calls = sandbox.requests({
      host: 'graph.facebook.com',
      pathPrefix: `/v21.0/${post.platformPostId}/comments`,
      method: 'POST',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ message: '#bolo #receita', access_token: '[redacted]' });
    expect(sandbox.comments('facebook')).toEqual([
      expect.objectContaining({
        id: comment.id,
        parentId: post.platformPostId,
        authorId: target.platformUserId,
        text: '#bolo #receita',
      }),
    ]);
    expect(sandbox.publishedPosts('facebook')).toHaveLength(1);

    const lookup = { target, platformPostId: post.platformPostId, text: '#bolo  #receita', since };
    expect(await adapter().lookupFirstComment!(lookup)).toMatchObject({
      kind: 'found',
      platformPostId: comment.id,
    });
    expect(await adapter().lookupFirstComment!({ ...lookup, text: 'outro texto' })).toEqual({
      kind: 'absent',
    });
  });

  it('a fan writing the same text is not the Page: the lookup ignores comments by anyone else', async () => {
    const target = pageTarget();
    const post = await publishedPost(target);
    const since = new Date(Date.now() - 1000);
    sandbox.control.posts.addComment({
      network: 'facebook',
      parentId: post.platformPostId,
      authorId: '4242',
      authorName: 'Fã',
      text: '#bolo',
    });
    expect(
      await adapter().lookupFirstComment!({
        target,
        platformPostId: post.platformPostId,
        text: '#bolo',
        since,
      }),
    ).toEqual({ kind: 'absent' });
  });

  it('a post that does not exist: permanent, with the pt-BR reason; nothing commented', async () => {
    const target = pageTarget();
    const error = await failure(
      adapter().publishFirstComment!({ target, platformPostId: `${target.platformUserId}_999`, text: 'oi' }),
    );
    expect(error).toMatchObject({ kind: 'permanent', details: { networkCode: '100/33' } });
    expect(error.details.reason).toBe(`${reason('100/33')} (código 100/33, HTTP 400)`);
    // The lookup of a post it cannot read cannot tell.
    expect(
      await adapter().lookupFirstComment!({
        target,
        platformPostId: `${target.platformUserId}_999`,
        text: 'oi',
        since: new Date(),
      }),
    ).toMatchObject({ kind: 'unknown' });
    expect(sandbox.comments('facebook')).toHaveLength(0);
  });

  it('a token Facebook no longer accepts: auth (reconnect); one without pages_manage_engagement: permanent, the permission named', async () => {
    const target = pageTarget();
    const post = await publishedPost(target);
    const wrong = await failure(
      adapter().publishFirstComment!({
        target: { ...target, accessToken: 'token-que-nao-existe' },
        platformPostId: post.platformPostId,
        text: 'oi',
      }),
    );
    expect(wrong).toMatchObject({
      kind: 'auth',
      code: 'ACCOUNT_NEEDS_RECONNECT',
      details: { networkCode: '190' },
    });
    expect(wrong.details.reason).toContain('Reconecte a Página');

    const noEngagement = pageTarget(['pages_show_list', 'pages_manage_posts', 'pages_read_engagement']);
    const denied = await failure(
      adapter().publishFirstComment!({
        target: noEngagement,
        platformPostId: post.platformPostId,
        text: 'oi',
      }),
    );
    expect(denied).toMatchObject({ kind: 'permanent', details: { networkCode: '200' } });
    expect(denied.details.reason).toBe(`${reason('200')} (código 200, HTTP 400)`);
    expect(denied.details.reason).toContain('pages_manage_engagement');
    expect(sandbox.comments('facebook')).toHaveLength(0);
  });

  it('over 8,000 characters: refused before any request; the sandbox refuses it too, as Graph does', async () => {
    const target = pageTarget();
    const post = await publishedPost(target);
    sandbox.reset();
    const long = await failure(
      adapter().publishFirstComment!({ target, platformPostId: post.platformPostId, text: 'a'.repeat(8001) }),
    );
    expect(long).toMatchObject({ kind: 'permanent', code: 'CONTENT_TOO_LONG' });
    expect(sandbox.requests()).toHaveLength(0);
    const direct = await fetch(`${sandbox.url}/graph.facebook.com/v21.0/${post.platformPostId}/comments`, {
      method: 'POST',
      body: new URLSearchParams({ message: 'a'.repeat(8001), access_token: target.accessToken }),
    });
    expect(direct.status).toBe(400);
    expect(await direct.json()).toMatchObject({
      error: { code: 100, message: '(#100) The comment is too long' },
    });
    expect(sandbox.comments('facebook')).toHaveLength(0);
  });

  it('a rate limit is rate_limited; a connection lost after the send is unknown (the reconciler asks)', async () => {
    const target = pageTarget();
    const post = await publishedPost(target);
    const path = `/v21.0/${post.platformPostId}/comments`;
    sandbox.addFault({
      host: 'graph.facebook.com',
      pathPrefix: path,
      method: 'POST',
      status: 400,
      body: {
        error: { message: 'Page request limit reached', type: 'OAuthException', code: 32, fbtrace_id: 'A' },
      },
    });
    const limited = await failure(
      adapter().publishFirstComment!({ target, platformPostId: post.platformPostId, text: 'oi' }),
    );
    expect(limited).toMatchObject({ kind: 'rate_limited', code: 'RATE_LIMITED' });
    sandbox.addFault({ host: 'graph.facebook.com', pathPrefix: path, method: 'POST', reset: true });
    const lost = await failure(
      adapter().publishFirstComment!({ target, platformPostId: post.platformPostId, text: 'oi' }),
    );
    expect(lost.kind).toBe('unknown');
  });
});
