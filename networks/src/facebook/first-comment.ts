// The first comment on a Facebook Page post (docs/first-comment.md): a comment by the Page itself,
// `POST /{page-post-id}/comments` with `message` and the Page token (Pages API, "Comments and
// @mentions": pages_manage_engagement; the author of the comment is the Page). One request; its id
// is the comment's. The lookup lists the post's comments (`GET /{post-id}/comments`, fields
// id,message,created_time,from, `filter=stream` so none is hidden by the default ranking) and
// matches the Page's own comment with the same text.
import { measurePostLength } from '@pauta/core';
import { classifyGraphFailure } from '../meta/graph.js';
import { explainFailure, type NetworkErrorTable } from '../publishing/errors.js';
import type { HttpContext } from '../publishing/http.js';
import { createdPostId, publishError, sendRequest, stringField } from '../publishing/http.js';
import { findFirstComment, graphCommentPage } from '../publishing/lookup.js';
import type { NetworkAdapter, PublishTarget } from '../publishing/types.js';
import { FACEBOOK_ERRORS } from './errors.js';

/** Facebook's longest comment (8,000 characters; the Page post itself takes 63,206). */
export const FACEBOOK_COMMENT_MAX = 8000;

/** What the owner reads when the comment (not the post) is refused; the rest as for posts. */
export const FACEBOOK_COMMENT_ERRORS: NetworkErrorTable = [
  {
    key: '200',
    when: 'permission error (#200) on a comment: pages_manage_engagement not granted, or not a Page admin',
    message:
      'O Facebook negou o comentário: falta a permissão de interagir como a Página (pages_manage_engagement), ou você não é mais administrador dela. Reconecte a Página em Contas Conectadas aceitando todas as permissões.',
  },
  {
    key: '100',
    when: '#100 on a comment: the post no longer exists (or the token cannot see it), or the text was refused',
    message:
      'O Facebook recusou o comentário: o post pode ter sido apagado da Página, ou o texto passa de 8.000 caracteres. Confira o post na Página.',
  },
  {
    key: '100/33',
    when: '#100/33 on a comment: the post does not exist or the Page token cannot see it',
    message:
      'O Facebook não encontrou o post para comentar: ele pode ter sido apagado da Página. Confira o post na Página.',
  },
  ...FACEBOOK_ERRORS,
];

interface FacebookGraph {
  context(target: PublishTarget): HttpContext;
  /** `https://graph.facebook.com/<version>`. */
  graph: string;
  /** appsecret_proof for the token, when the app secret is configured. */
  proof(token: string): Record<string, string>;
}

export function facebookFirstComment({
  context,
  graph,
  proof,
}: FacebookGraph): Pick<NetworkAdapter, 'publishFirstComment' | 'lookupFirstComment'> {
  return {
    publishFirstComment: async (request, options = {}) => {
      const ctx = context(request.target);
      try {
        const length = measurePostLength('facebook', request.text);
        if (length > FACEBOOK_COMMENT_MAX) {
          throw publishError(
            ctx,
            'permanent',
            'CONTENT_TOO_LONG',
            `facebook: comment of ${length} characters, more than ${FACEBOOK_COMMENT_MAX}`,
          );
        }
        const result = await sendRequest(
          ctx,
          `${graph}/${encodeURIComponent(request.platformPostId)}/comments`,
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              message: request.text,
              access_token: request.target.accessToken,
              ...proof(request.target.accessToken),
            }),
            signal: options.signal,
          },
        );
        if (result.status < 200 || result.status >= 300) throw classifyGraphFailure(ctx, result);
        const id = createdPostId(
          ctx,
          stringField(result.json, 'id'),
          result.status,
          `facebook answered ${result.status} to the comment without an id`,
        );
        return { id };
      } catch (error) {
        throw explainFailure('facebook', FACEBOOK_COMMENT_ERRORS, error);
      }
    },
    lookupFirstComment: (request, options = {}) => {
      const ctx = context(request.target);
      return findFirstComment(request, {
        fetchPage: async (cursor) => {
          const query = new URLSearchParams({
            fields: 'id,message,created_time,from',
            filter: 'stream',
            order: 'reverse_chronological',
            limit: '50',
            ...(cursor === null ? {} : { after: cursor }),
            ...proof(request.target.accessToken),
          });
          const result = await sendRequest(
            ctx,
            `${graph}/${encodeURIComponent(request.platformPostId)}/comments?${query}`,
            {
              method: 'GET',
              headers: { Authorization: `Bearer ${request.target.accessToken}` },
              signal: options.signal,
            },
          );
          if (result.status < 200 || result.status >= 300)
            throw new Error(`facebook answered ${result.status} to GET /{post-id}/comments`);
          // Only the Page's own comments (`from.id` = the Page): a fan may write the same text.
          return graphCommentPage(
            result.json,
            'message',
            'created_time',
            (item) => stringField(item.from, 'id') === request.target.platformUserId,
          );
        },
      });
    },
  };
}
