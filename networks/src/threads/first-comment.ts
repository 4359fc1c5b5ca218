// The first comment on Threads is a reply to the published post (docs/first-comment.md; Threads
// API, "Create Replies": the owner of the root post may reply with threads_content_publish). A text
// container with `reply_to_id` = the post's id (`POST /{threads-user-id}/threads`, media_type TEXT),
// read until FINISHED, then `POST /{threads-user-id}/threads_publish`: only that last call creates
// the reply, so a doubtful container step is a plain retry. The lookup lists the profile's own
// replies (`GET /{threads-user-id}/replies`, threads_read_replies) and matches the one `replied_to`
// the post with the same text.
import { measurePostLength, PLATFORM_TEXT_LIMITS } from '@pauta/core';
import { explainFailure } from '../publishing/errors.js';
import {
  type HttpContext,
  type HttpResult,
  isObject,
  publishError,
  sendRequest,
  sleep,
  stringField,
} from '../publishing/http.js';
import { findRecentPost, graphPage, lookupSafely } from '../publishing/lookup.js';
import { type NetworkAdapter, PublishError, type PublishTarget } from '../publishing/types.js';
import { THREADS_API } from './api.js';
import { THREADS_ERRORS } from './errors.js';
import {
  classifyThreadsFailure,
  DEFAULT_STATUS_POLL_ATTEMPTS,
  DEFAULT_STATUS_POLL_INTERVAL_MS,
  type ThreadsAdapterOptions,
} from './publish.js';

/** A reply is a post: Threads' 500 characters (emojis count their UTF-8 bytes). */
export const THREADS_REPLY_MAX = PLATFORM_TEXT_LIMITS.threads;

export function threadsFirstComment(
  options: ThreadsAdapterOptions,
  context: (target: PublishTarget) => HttpContext,
): Pick<NetworkAdapter, 'publishFirstComment' | 'lookupFirstComment'> {
  const attempts = Math.max(1, options.statusPollAttempts ?? DEFAULT_STATUS_POLL_ATTEMPTS);
  const intervalMs = Math.max(0, options.statusPollIntervalMs ?? DEFAULT_STATUS_POLL_INTERVAL_MS);

  const call = async (
    ctx: HttpContext,
    target: PublishTarget,
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<HttpResult> => {
    const body = new URLSearchParams({ ...params, access_token: target.accessToken });
    const result =
      method === 'GET'
        ? await sendRequest(ctx, `${THREADS_API}/${path}?${body}`, { method, signal })
        : await sendRequest(ctx, `${THREADS_API}/${path}`, {
            method,
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body,
            signal,
          });
    if (result.status < 200 || result.status >= 300) throw classifyThreadsFailure(ctx, result);
    return result;
  };

  /** The reply's container, FINISHED; any failure here published nothing (never `unknown`). */
  const prepareReply = async (
    ctx: HttpContext,
    target: PublishTarget,
    postId: string,
    text: string,
    signal: AbortSignal | undefined,
  ): Promise<string> => {
    const userId = encodeURIComponent(target.platformUserId);
    try {
      const created = await call(
        ctx,
        target,
        'POST',
        `${userId}/threads`,
        { media_type: 'TEXT', text, reply_to_id: postId },
        signal,
      );
      const id = stringField(created.json, 'id');
      if (id === null || id === '')
        throw publishError(ctx, 'retryable', 'NETWORK_UNAVAILABLE', 'threads: reply container without an id');
      for (let attempt = 1; ; attempt += 1) {
        const read = await call(
          ctx,
          target,
          'GET',
          encodeURIComponent(id),
          { fields: 'status,error_message' },
          signal,
        );
        const status = stringField(read.json, 'status') ?? 'unknown';
        if (status === 'FINISHED') return id;
        if (status === 'ERROR' || status === 'EXPIRED')
          throw publishError(
            ctx,
            'permanent',
            'REJECTED',
            `threads: reply container ${id} ended in ${status} (${stringField(read.json, 'error_message') ?? 'no error_message'})`,
            { networkCode: `CONTAINER_${status}` },
          );
        if (attempt >= attempts)
          throw publishError(
            ctx,
            'retryable',
            'NETWORK_UNAVAILABLE',
            `threads: reply container ${id} still ${status} after ${attempts} status checks; nothing was published`,
          );
        await sleep(intervalMs, signal);
      }
    } catch (error) {
      // Before threads_publish nothing is visible: a timeout or reset is a plain retry.
      if (error instanceof PublishError && error.kind !== 'unknown') throw error;
      throw publishError(
        ctx,
        'retryable',
        'NETWORK_UNAVAILABLE',
        `threads: the reply container step failed before publishing (${(error as Error).message}); nothing was published`,
        {
          reason:
            'A conexão com o Threads falhou ao preparar a resposta, antes de ela ser publicada: nada foi publicado. Uma nova tentativa será feita automaticamente.',
        },
      );
    }
  };

  return {
    publishFirstComment: async (request, commentOptions = {}) => {
      const ctx = context(request.target);
      const { signal } = commentOptions;
      try {
        const length = measurePostLength('threads', request.text);
        if (length > THREADS_REPLY_MAX) {
          throw publishError(
            ctx,
            'permanent',
            'CONTENT_TOO_LONG',
            `threads: reply of ${length} characters, more than ${THREADS_REPLY_MAX} (emojis count their UTF-8 bytes)`,
          );
        }
        const containerId = await prepareReply(
          ctx,
          request.target,
          request.platformPostId,
          request.text,
          signal,
        );
        const published = await call(
          ctx,
          request.target,
          'POST',
          `${encodeURIComponent(request.target.platformUserId)}/threads_publish`,
          { creation_id: containerId },
          signal,
        );
        const id = stringField(published.json, 'id');
        if (id === null || id === '') {
          throw publishError(
            ctx,
            'unknown',
            'UNKNOWN_OUTCOME',
            `threads answered ${published.status} to the reply's threads_publish without a media id`,
            { status: published.status },
          );
        }
        return { id };
      } catch (error) {
        throw explainFailure('threads', THREADS_ERRORS, error);
      }
    },
    lookupFirstComment: (request, lookupOptions = {}) => {
      const ctx = context(request.target);
      return lookupSafely(() =>
        findRecentPost(
          { target: request.target, text: request.text, since: request.since, until: new Date() },
          {
            expected: request.text,
            fetchPage: async (cursor) => {
              const result = await call(
                ctx,
                request.target,
                'GET',
                `${encodeURIComponent(request.target.platformUserId)}/replies`,
                {
                  fields: 'id,text,timestamp,permalink,replied_to',
                  limit: '25',
                  ...(cursor === null ? {} : { after: cursor }),
                },
                lookupOptions.signal,
              );
              const page = graphPage(result.json, 'text', 'timestamp', 'permalink', () => null);
              const data = isObject(result.json) && Array.isArray(result.json.data) ? result.json.data : [];
              // Only the replies to this post: the profile may reply the same text elsewhere.
              const toPost = new Set(
                data
                  .filter(
                    (item) => isObject(item) && stringField(item.replied_to, 'id') === request.platformPostId,
                  )
                  .map((item) => stringField(item, 'id')),
              );
              return { ...page, posts: page.posts.filter((post) => toPost.has(post.id)) };
            },
          },
        ),
      );
    },
  };
}
