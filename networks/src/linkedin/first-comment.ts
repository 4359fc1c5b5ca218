// The first comment on a LinkedIn post, as the member or as the organisation Page
// (docs/first-comment.md): Comments API, `POST /rest/socialActions/{urlEncodedShareUrn}/comments`
// with `{actor, object, message: {text}}` (actor = the post's author URN: w_member_social, or
// w_organization_social for a Page), the versioned headers the publisher uses. One request; the
// comment's URN comes back in `x-restli-id` (or the body's `commentUrn`). The lookup reads
// `GET /rest/socialActions/{urn}/comments` (r_member_social — restricted, a member token usually
// lacks it, so a member's lookup is `unknown`; r_organization_social for a Page) and matches the
// author's own comment with the same text.
import { measurePostLength } from '@pauta/core';
import { explainFailure, type NetworkErrorTable } from '../publishing/errors.js';
import {
  createdPostId,
  isObject,
  numberField,
  publishError,
  sendRequest,
  stringField,
} from '../publishing/http.js';
import { findFirstComment } from '../publishing/lookup.js';
import type { NetworkAdapter } from '../publishing/types.js';
import type { LinkedInApi, LinkedInAuthor } from './publish.js';

/** LinkedIn's longest comment (Comments API: 1,250 characters). */
export const LINKEDIN_COMMENT_MAX = 1250;
const SOCIAL_ACTIONS_URL = 'https://api.linkedin.com/rest/socialActions';
/** Comments per page of the lookup. */
const LOOKUP_PAGE = 100;

/** What the owner reads when the comment (not the post) is refused; the rest as for posts. */
const COMMENT_ROWS: NetworkErrorTable = [
  {
    key: 'HTTP 404',
    when: '404 on a comment: the post no longer exists',
    message:
      'O LinkedIn não encontrou o post para comentar: ele pode ter sido apagado. Confira o post no LinkedIn.',
  },
  {
    key: 'HTTP 422',
    when: '422 on a comment: the text was refused (over 1,250 characters, or empty)',
    message:
      'O LinkedIn recusou o texto do comentário (ele aceita até 1.250 caracteres). Revise o primeiro comentário.',
  },
];

export function linkedinCommentErrors(table: NetworkErrorTable): NetworkErrorTable {
  return [...COMMENT_ROWS, ...table];
}

const commentsUrl = (postUrn: string) => `${SOCIAL_ACTIONS_URL}/${encodeURIComponent(postUrn)}/comments`;

export function linkedinFirstComment(
  api: LinkedInApi,
  author: LinkedInAuthor,
): Pick<NetworkAdapter, 'publishFirstComment' | 'lookupFirstComment'> {
  const { platform } = author;
  const errors = linkedinCommentErrors(author.errors);
  return {
    publishFirstComment: async (request, options = {}) => {
      const ctx = api.context(request.target);
      try {
        const length = measurePostLength(platform, request.text);
        if (length > LINKEDIN_COMMENT_MAX) {
          throw publishError(
            ctx,
            'permanent',
            'CONTENT_TOO_LONG',
            `${platform}: comment of ${length} characters, more than ${LINKEDIN_COMMENT_MAX}`,
          );
        }
        const actor = author.urn(request.target.platformUserId);
        const result = await sendRequest(ctx, commentsUrl(request.platformPostId), {
          method: 'POST',
          headers: { ...api.versioned(request.target.accessToken), 'Content-Type': 'application/json' },
          body: JSON.stringify({ actor, object: request.platformPostId, message: { text: request.text } }),
          signal: options.signal,
        });
        if (result.status < 200 || result.status >= 300) throw api.failure(ctx, result);
        const urn = createdPostId(
          ctx,
          result.headers.get('x-restli-id') ||
            stringField(result.json, 'commentUrn') ||
            stringField(result.json, '$URN'),
          result.status,
          `${platform} answered ${result.status} to the comment without its URN`,
        );
        return { id: urn };
      } catch (error) {
        throw explainFailure(platform, errors, error);
      }
    },
    lookupFirstComment: (request, options = {}) => {
      const ctx = api.context(request.target);
      const actor = author.urn(request.target.platformUserId);
      return findFirstComment(request, {
        fetchPage: async (cursor) => {
          const start = cursor === null ? 0 : Number(cursor);
          const result = await sendRequest(
            ctx,
            `${commentsUrl(request.platformPostId)}?start=${start}&count=${LOOKUP_PAGE}`,
            {
              method: 'GET',
              headers: api.versioned(request.target.accessToken),
              signal: options.signal,
            },
          );
          if (result.status < 200 || result.status >= 300)
            throw new Error(
              `${platform} answered ${result.status} to GET /rest/socialActions/{urn}/comments`,
            );
          const elements =
            isObject(result.json) && Array.isArray(result.json.elements) ? result.json.elements : [];
          const total = isObject(result.json) ? numberField(result.json.paging, 'total') : null;
          return {
            // Only the author's own comments: anyone may write the same text under the post.
            posts: elements.flatMap((element) => {
              if (!isObject(element) || stringField(element, 'actor') !== actor) return [];
              const id = stringField(element, 'commentUrn') ?? stringField(element, '$URN');
              if (id === null) return [];
              const time = numberField(element.created, 'time');
              return [
                {
                  id,
                  text: stringField(element.message, 'text'),
                  createdAt: time === null ? null : new Date(time),
                  url: null,
                },
              ];
            }),
            next:
              elements.length < LOOKUP_PAGE || (total !== null && start + elements.length >= total)
                ? null
                : String(start + elements.length),
          };
        },
      });
    },
  };
}
