// The first comment on Threads is a reply to the published post (docs/first-comment.md; Threads
// API, "Create Replies": the owner of the root post may reply with threads_content_publish). A text
// container with `reply_to_id` = the post's id (`POST /{threads-user-id}/threads`, media_type TEXT),
// read until FINISHED, then `POST /{threads-user-id}/threads_publish`: only that last call creates
// the reply, so a doubtful container step is a plain retry. The lookup lists the profile's own
// replies (`GET /{threads-user-id}/replies`, threads_read_replies) and matches the one `replied_to`
// the post with the same text.
import { measurePostLength, PLATFORM_TEXT_LIMITS } from '@pauta/core';
import type { ContainerPolling, GraphCall, MetaContainers } from '../meta/containers.js';
import { explainFailure } from '../publishing/errors.js';
import { createdPostId, type HttpContext, publishError, stringField } from '../publishing/http.js';
import { invisibleStep } from '../publishing/media.js';
import type { NetworkAdapter, PublishTarget } from '../publishing/types.js';
import { THREADS_ERRORS } from './errors.js';

/** A reply is a post: Threads' 500 characters (emojis count their UTF-8 bytes). */
export const THREADS_REPLY_MAX = PLATFORM_TEXT_LIMITS.threads;

/** What the reply shares with the posts (publish.ts): the Graph call and the media containers. */
interface ThreadsCalls {
  context(target: PublishTarget): HttpContext;
  call: GraphCall;
  containers: MetaContainers;
  polling: ContainerPolling;
}

export function threadsFirstComment({
  context,
  call,
  containers,
  polling,
}: ThreadsCalls): Pick<NetworkAdapter, 'publishFirstComment' | 'lookupFirstComment'> {
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
        // The reply's container, FINISHED. Before threads_publish nothing is visible: a timeout
        // or reset here is a plain retry.
        const containerId = await invisibleStep(
          async () => {
            const id = await containers.create(
              ctx,
              request.target,
              { media_type: 'TEXT', text: request.text, reply_to_id: request.platformPostId },
              signal,
            );
            await containers.waitUntilFinished(ctx, request.target, id, polling, signal);
            return id;
          },
          'reply container',
          'before the reply was published',
          'A conexão com o Threads falhou ao preparar a resposta, antes de ela ser publicada: nada foi publicado. Uma nova tentativa será feita automaticamente.',
        );
        const published = await call(
          ctx,
          request.target,
          'POST',
          `${encodeURIComponent(request.target.platformUserId)}/threads_publish`,
          { creation_id: containerId },
          signal,
        );
        const id = createdPostId(
          ctx,
          stringField(published.json, 'id'),
          published.status,
          `threads answered ${published.status} to the reply's threads_publish without a media id`,
        );
        return { id };
      } catch (error) {
        throw explainFailure('threads', THREADS_ERRORS, error);
      }
    },
    // Only the replies to this post: the profile may reply the same text elsewhere.
    lookupFirstComment: containers.commentLookup(context, (request) => ({
      path: `${encodeURIComponent(request.target.platformUserId)}/replies`,
      fields: 'id,text,timestamp,permalink,replied_to',
      limit: '25',
      keep: (item) => stringField(item.replied_to, 'id') === request.platformPostId,
    })),
  };
}
