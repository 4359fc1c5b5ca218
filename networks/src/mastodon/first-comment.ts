// The first comment on Mastodon is a reply to the published status (docs/first-comment.md):
// `POST https://<host>/api/v1/statuses` with `status` and `in_reply_to_id` (public, as the post;
// https://docs.joinmastodon.org/methods/statuses/#create). One request; its id is the reply's. The
// lookup lists the account's statuses with replies (`GET /api/v1/accounts/:id/statuses`,
// `exclude_replies=false`) and matches the one `in_reply_to_id` the post with the same text; the
// listing is HTML (a remote mention loses its domain there), so no match is never proof of absence.
import { measureMastodonLength } from '@pauta/core';
import { explainFailure } from '../publishing/errors.js';
import * as http from '../publishing/http.js';
import { findFirstComment } from '../publishing/lookup.js';
import type { NetworkAdapter, PublishTarget } from '../publishing/types.js';
import { MASTODON_ERRORS } from './errors.js';
import { splitAccountKey } from './instance.js';
import { listedStatus } from './status-text.js';

/** The default instance's limit (an instance may set another; it then answers 422 in its words). */
export const MASTODON_REPLY_MAX = 500;
const PAGE = 40;

interface MastodonCalls {
  context(target: PublishTarget): http.HttpContext;
  /** One call of the account (its bearer token); a non-2xx answer throws, classified. */
  call(
    target: PublishTarget,
    method: 'GET' | 'POST',
    url: string,
    init?: { headers?: Record<string, string>; body?: string; signal?: AbortSignal | undefined },
  ): Promise<http.HttpResult>;
}

export function mastodonFirstComment({
  context,
  call,
}: MastodonCalls): Pick<NetworkAdapter, 'publishFirstComment' | 'lookupFirstComment'> {
  return {
    publishFirstComment: async (request, options = {}) => {
      const ctx = context(request.target);
      try {
        const { host } = splitAccountKey(request.target.platformUserId);
        if (host === '')
          throw http.publishError(
            ctx,
            'permanent',
            'ACCOUNT_NEEDS_RECONNECT',
            'mastodon: the account has no instance',
          );
        const length = measureMastodonLength(request.text);
        if (length > MASTODON_REPLY_MAX) {
          throw http.publishError(
            ctx,
            'permanent',
            'CONTENT_TOO_LONG',
            `mastodon: reply of ${length} characters, more than ${MASTODON_REPLY_MAX}`,
          );
        }
        const created = await call(request.target, 'POST', `https://${host}/api/v1/statuses`, {
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            status: request.text,
            in_reply_to_id: request.platformPostId,
            visibility: 'public',
            language: 'pt',
          }),
          signal: options.signal,
        });
        const id = http.createdPostId(
          ctx,
          http.stringField(created.json, 'id'),
          created.status,
          `mastodon answered ${created.status} to the reply without a status id`,
        );
        return { id };
      } catch (error) {
        throw explainFailure('mastodon', MASTODON_ERRORS, error);
      }
    },
    lookupFirstComment: (request, options = {}) =>
      findFirstComment(request, {
        absenceProvable: false,
        fetchPage: async (cursor) => {
          const { accountId, host } = splitAccountKey(request.target.platformUserId);
          const query = new URLSearchParams({
            limit: String(PAGE),
            exclude_replies: 'false',
            exclude_reblogs: 'true',
          });
          if (cursor !== null) query.set('max_id', cursor);
          const result = await call(
            request.target,
            'GET',
            `https://${host}/api/v1/accounts/${encodeURIComponent(accountId)}/statuses?${query}`,
            { signal: options.signal },
          );
          const list = Array.isArray(result.json) ? result.json.filter(http.isObject) : [];
          const last = http.stringField(list.at(-1), 'id');
          return {
            // Only the replies to this post.
            posts: list.flatMap((status) =>
              http.stringField(status, 'in_reply_to_id') === request.platformPostId
                ? (listedStatus(status) ?? [])
                : [],
            ),
            next: list.length < PAGE ? null : last,
          };
        },
      }),
  };
}
