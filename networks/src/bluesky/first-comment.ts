// The first comment on Bluesky is a reply to the published post (docs/first-comment.md): an
// `app.bsky.feed.post` record with `reply: {root, parent}` strong refs (uri + cid), created with
// `com.atproto.repo.createRecord` (https://docs.bsky.app/docs/advanced-guides/posts#replies). The
// parent's cid (and its thread's root) is read first with `app.bsky.feed.getPosts`: a read, so a
// failure there sent nothing (a plain retry); a post getPosts no longer answers is gone (permanent).
// The lookup lists the account's own records (`com.atproto.repo.listRecords`) and matches the one
// whose `reply.parent.uri` is the post, with the same text.
import { fitsPlatformLimit } from '@pauta/core';
import { explainFailure } from '../publishing/errors.js';
import { createdPostId, type HttpContext, isObject, publishError, stringField } from '../publishing/http.js';
import { findFirstComment } from '../publishing/lookup.js';
import { type NetworkAdapter, PublishError, type PublishTarget } from '../publishing/types.js';
import { BLUESKY_ERRORS } from './errors.js';
import { detectFacets } from './facets.js';
import { listPostRecords } from './records.js';
import { splitSession } from './session.js';
import { POST_COLLECTION, xrpc } from './xrpc.js';

interface BlueskyCalls {
  context(target: PublishTarget): HttpContext;
  /** Handles mentioned in the text → DIDs (publish.ts). */
  resolveMentions(
    ctx: HttpContext,
    session: { service: string; jwt: string },
    text: string,
    signal: AbortSignal | undefined,
  ): Promise<Map<string, string>>;
}

type StrongRef = { uri: string; cid: string };

const strongRef = (value: unknown): StrongRef | null => {
  const uri = stringField(value, 'uri');
  const cid = stringField(value, 'cid');
  return uri === null || cid === null ? null : { uri, cid };
};

export function blueskyFirstComment({
  context,
  resolveMentions,
}: BlueskyCalls): Pick<NetworkAdapter, 'publishFirstComment' | 'lookupFirstComment'> {
  /** The parent's strong ref and its thread's root; nothing is written here. */
  const threadOf = async (
    ctx: HttpContext,
    session: { service: string; jwt: string },
    postUri: string,
    signal: AbortSignal | undefined,
  ): Promise<{ parent: StrongRef; root: StrongRef }> => {
    try {
      const result = await xrpc(ctx, {
        ...session,
        nsid: 'app.bsky.feed.getPosts',
        query: { uris: [postUri] },
        signal,
      });
      const posts = isObject(result.json) && Array.isArray(result.json.posts) ? result.json.posts : [];
      const post = posts.find((item) => stringField(item, 'uri') === postUri);
      const parent = strongRef(post);
      if (parent === null)
        throw publishError(ctx, 'permanent', 'REJECTED', `bluesky: the post ${postUri} no longer exists`, {
          networkCode: 'PostNotFound',
          reason:
            'O Bluesky não encontrou o post para responder: ele pode ter sido apagado. Confira o post no Bluesky.',
        });
      const record = isObject(post) ? post.record : null;
      const root = strongRef(isObject(record) && isObject(record.reply) ? record.reply.root : null) ?? parent;
      return { parent, root };
    } catch (error) {
      if (error instanceof PublishError && error.kind !== 'unknown') throw error;
      throw publishError(
        ctx,
        'retryable',
        'NETWORK_UNAVAILABLE',
        `bluesky: reading the post before the reply failed (${(error as Error).message}); nothing was published`,
        {
          reason:
            'A conexão com o Bluesky falhou ao preparar a resposta, antes de ela ser publicada: nada foi publicado. Uma nova tentativa será feita automaticamente.',
        },
      );
    }
  };

  return {
    publishFirstComment: async (request, options = {}) => {
      const ctx = context(request.target);
      const { signal } = options;
      try {
        if (!fitsPlatformLimit('bluesky', request.text))
          throw publishError(ctx, 'permanent', 'CONTENT_TOO_LONG', 'bluesky: reply exceeds 300 graphemes', {
            networkCode: 'TEXT_TOO_LONG',
          });
        const session = splitSession(request.target.accessToken);
        const reply = await threadOf(ctx, session, request.platformPostId, signal);
        const dids = await resolveMentions(ctx, session, request.text, signal);
        const facets = detectFacets(request.text, dids);
        const record = {
          $type: POST_COLLECTION,
          text: request.text,
          createdAt: new Date().toISOString(),
          langs: ['pt'],
          reply,
          ...(facets.length === 0 ? {} : { facets }),
        };
        const created = await xrpc(ctx, {
          ...session,
          nsid: 'com.atproto.repo.createRecord',
          json: { repo: request.target.platformUserId, collection: POST_COLLECTION, record },
          signal,
        });
        const uri = createdPostId(
          ctx,
          stringField(created.json, 'uri'),
          created.status,
          `bluesky answered ${created.status} to the reply's createRecord without a uri`,
        );
        return { id: uri };
      } catch (error) {
        throw explainFailure('bluesky', BLUESKY_ERRORS, error);
      }
    },
    lookupFirstComment: (request, options = {}) => {
      const ctx = context(request.target);
      return findFirstComment(request, {
        fetchPage: (cursor) =>
          listPostRecords(ctx, request.target, cursor, options.signal, (_uri, value) => {
            const toPost =
              isObject(value) &&
              isObject(value.reply) &&
              stringField(value.reply.parent, 'uri') === request.platformPostId;
            // Every record counts for the window's coverage; only a reply to this post can match.
            return { text: toPost ? stringField(value, 'text') : null, url: null };
          }),
      });
    },
  };
}
