// The first comment's adapters against the sandbox (docs/first-comment.md): Instagram comments on
// the media (`POST /{ig-media-id}/comments`), X replies (`POST /2/tweets` with
// `reply.in_reply_to_tweet_id`); each network's refusal classified; the lookup that resolves a
// comment whose outcome is unknown finds it by the account, or proves it absent. And the rule
// every form and the server apply: per network limit, refused in pt-BR where there is none.
import { PLATFORMS } from '@pauta/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { firstCommentRefusal, NETWORK_PROFILES } from './browser.js';
import { createInstagramAdapter } from './instagram/publish.js';
import { type ImageServer, jpegImage, serveImages } from './publishing/test-images.js';
import { PublishError, type PublishTarget } from './publishing/types.js';
import { NETWORKS } from './registry.js';
import { type SandboxHandle, startSandbox } from './sandbox/server.js';
import { createNetworkFetch } from './sandbox-url.js';
import { createXAdapter } from './x/publish.js';

let sandbox: SandboxHandle;
let images: ImageServer;
let IMAGE = '';

beforeAll(async () => {
  sandbox = await startSandbox();
  images = await serveImages();
  IMAGE = images.put('foto.jpg', jpegImage(1080, 1080));
});

afterAll(async () => {
  await sandbox.close();
  await images.close();
});

beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
});

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

const instagram = () =>
  createInstagramAdapter({ fetch: createNetworkFetch(sandbox.url), statusPollIntervalMs: 5 });
const x = () => createXAdapter({ fetch: createNetworkFetch(sandbox.url) });

function instagramTarget(): PublishTarget {
  const user = sandbox.issueToken({ network: 'facebook' });
  return { platformUserId: user.pages[0]!.instagramAccountId!, accessToken: user.accessToken };
}

function xTarget(): PublishTarget {
  const issued = sandbox.issueToken({ network: 'x' });
  return { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
}

describe('the first comment rule (registry and profiles)', () => {
  it('Instagram, X, Facebook, LinkedIn (member and Page), Threads, Mastodon and Bluesky declare it, with their limits; the others refuse it in pt-BR', () => {
    const declaring = [
      'instagram',
      'x',
      'facebook',
      'linkedin',
      'linkedin_page',
      'threads',
      'mastodon',
      'bluesky',
    ];
    for (const platform of PLATFORMS) {
      const declared = NETWORK_PROFILES[platform].firstComment !== undefined;
      expect(NETWORKS[platform].capabilities.firstComment, platform).toBe(declared);
      expect(declared, platform).toBe(declaring.includes(platform));
      // The adapter pair exists exactly where the descriptor declares it.
      const adapter = NETWORKS[platform].createPublisher({ fetch: createNetworkFetch(sandbox.url) });
      expect(adapter.publishFirstComment !== undefined, platform).toBe(declared);
      expect(adapter.lookupFirstComment !== undefined, platform).toBe(declared);
    }
    expect(NETWORK_PROFILES.instagram.firstComment).toEqual({ maxLength: 2200, kind: 'comment' });
    expect(NETWORK_PROFILES.x.firstComment).toEqual({ maxLength: 280, kind: 'reply' });
    expect(NETWORK_PROFILES.facebook.firstComment).toEqual({ maxLength: 8000, kind: 'comment' });
    expect(NETWORK_PROFILES.linkedin.firstComment).toEqual({ maxLength: 1250, kind: 'comment' });
    expect(NETWORK_PROFILES.linkedin_page.firstComment).toEqual({ maxLength: 1250, kind: 'comment' });
    expect(NETWORK_PROFILES.threads.firstComment).toEqual({ maxLength: 500, kind: 'reply' });
    expect(NETWORK_PROFILES.mastodon.firstComment).toEqual({ maxLength: 500, kind: 'reply' });
    expect(NETWORK_PROFILES.bluesky.firstComment).toEqual({ maxLength: 300, kind: 'reply' });
    expect(firstCommentRefusal('pinterest', '#marca')).toBe(
      'O Pinterest não aceita primeiro comentário pela Pauta. Apague o texto do primeiro comentário para salvar.',
    );
    expect(firstCommentRefusal('pinterest', '   ')).toBeNull();
    expect(firstCommentRefusal('linkedin', 'a'.repeat(1250))).toBeNull();
    expect(firstCommentRefusal('linkedin_page', 'a'.repeat(1251))).toBe(
      'O primeiro comentário passa do limite do LinkedIn (Página): 1251 de 1250 caracteres.',
    );
    expect(firstCommentRefusal('facebook', 'a'.repeat(8001))).toBe(
      'O primeiro comentário passa do limite do Facebook: 8001 de 8000 caracteres.',
    );
    // Threads counts as it counts posts: an emoji weighs its UTF-8 bytes.
    expect(firstCommentRefusal('threads', '😀'.repeat(125))).toBeNull();
    expect(firstCommentRefusal('threads', '😀'.repeat(126))).toMatch(
      /^O primeiro comentário passa do limite do Threads: \d+ de 500 caracteres\.$/,
    );
    expect(firstCommentRefusal('instagram', 'a'.repeat(2200))).toBeNull();
    expect(firstCommentRefusal('instagram', 'a'.repeat(2201))).toBe(
      'O primeiro comentário passa do limite do Instagram: 2201 de 2200 caracteres.',
    );
    // X counts as it counts posts: a CJK character weighs 2.
    expect(firstCommentRefusal('x', '界'.repeat(140))).toBeNull();
    expect(firstCommentRefusal('x', '界'.repeat(141))).toBe(
      'O primeiro comentário passa do limite do X (Twitter): 282 de 280 caracteres.',
    );
  });
});

describe('Instagram first comment', () => {
  it('comments on the published media once, and the lookup finds it by the account', async () => {
    const target = instagramTarget();
    const post = await instagram().publish({ target, title: 't', text: 'Legenda', imageUrl: IMAGE });
    const since = new Date(Date.now() - 1000);
    const comment = await instagram().publishFirstComment!({
      target,
      platformPostId: post.platformPostId,
      text: '#doces #bolos',
    });
    expect(comment.id).toMatch(/^\d+$/);
    const calls = sandbox.requests({ pathPrefix: `/v21.0/${post.platformPostId}/comments`, method: 'POST' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ message: '#doces #bolos', access_token: '[redacted]' });
    expect(sandbox.comments('instagram')).toEqual([
      expect.objectContaining({
        id: comment.id,
        parentId: post.platformPostId,
        authorId: target.platformUserId,
        text: '#doces #bolos',
      }),
    ]);
    expect(sandbox.publishedPosts('instagram')).toHaveLength(1);
    const lookup = { target, platformPostId: post.platformPostId, text: '#doces  #bolos', since };
    expect(await instagram().lookupFirstComment!(lookup)).toMatchObject({
      kind: 'found',
      platformPostId: comment.id,
    });
    expect(await instagram().lookupFirstComment!({ ...lookup, text: 'outro texto' })).toEqual({
      kind: 'absent',
    });
  });

  it('a media that does not exist, or an empty message: permanent refusals, no comment', async () => {
    const target = instagramTarget();
    const missing = await failure(
      instagram().publishFirstComment!({ target, platformPostId: '999', text: 'oi' }),
    );
    expect(missing.kind).toBe('permanent');
    const post = await instagram().publish({ target, title: 't', text: 'Legenda', imageUrl: IMAGE });
    const empty = await failure(
      instagram().publishFirstComment!({ target, platformPostId: post.platformPostId, text: '' }),
    );
    expect(empty.kind).toBe('permanent');
    expect(sandbox.comments('instagram')).toHaveLength(0);
  });
});

describe('X first comment (a reply)', () => {
  it('replies to the post once, and the lookup finds the reply among the account posts', async () => {
    const target = xTarget();
    const post = await x().publish({ target, title: 't', text: `Post ${Date.now()}` });
    const since = new Date(Date.now() - 1000);
    const reply = await x().publishFirstComment!({
      target,
      platformPostId: post.platformPostId,
      text: 'Link: #marca',
    });
    const calls = sandbox.requests({ host: 'api.twitter.com', pathPrefix: '/2/tweets', method: 'POST' });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual({
      text: 'Link: #marca',
      reply: { in_reply_to_tweet_id: post.platformPostId },
    });
    const posts = sandbox.publishedPosts('x');
    expect(posts.filter((p) => p.inReplyToId === undefined)).toHaveLength(1);
    expect(posts.filter((p) => p.inReplyToId === post.platformPostId)).toEqual([
      expect.objectContaining({ id: reply.id, text: 'Link: #marca' }),
    ]);
    const lookup = { target, platformPostId: post.platformPostId, text: 'Link: #marca', since };
    expect(await x().lookupFirstComment!(lookup)).toMatchObject({ kind: 'found', platformPostId: reply.id });
    expect(await x().lookupFirstComment!({ ...lookup, text: 'outra' })).toEqual({ kind: 'absent' });
    // The post's own lookup (exclude=replies) does not take the reply for the post.
    expect(await x().lookupRecentPost!({ target, text: 'Link: #marca', since, until: new Date() })).toEqual({
      kind: 'absent',
    });
  });

  it('a reply to a post that does not exist: 403, permanent; too long: refused before any request', async () => {
    const target = xTarget();
    const missing = await failure(x().publishFirstComment!({ target, platformPostId: '12345', text: 'oi' }));
    expect(missing).toMatchObject({ kind: 'permanent', details: { status: 403 } });
    sandbox.reset();
    const long = await failure(
      x().publishFirstComment!({ target, platformPostId: '12345', text: '界'.repeat(141) }),
    );
    expect(long).toMatchObject({ kind: 'permanent', code: 'CONTENT_TOO_LONG' });
    expect(sandbox.requests()).toHaveLength(0);
  });
});
