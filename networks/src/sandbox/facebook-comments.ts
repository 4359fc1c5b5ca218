// Sandbox Facebook: comments on a Page post (docs/first-comment.md), as the Pages API answers them.
// `POST /{page-post-id}/comments` (`message`, at most 8,000 characters) by the Page itself: its own
// Page token with pages_manage_engagement (else #200); a post that does not exist is Graph's
// "Unsupported post request" (100/33). `GET /{page-post-id}/comments`: the post's comments
// (`id`, `message`, `created_time`, `from{id,name}`), oldest first, or newest first with
// `order=reverse_chronological`, paged like every Graph edge. An id that is not a Facebook post
// falls through to Instagram's media comments (instagram.ts), mounted on the same router.
import type { NextFunction, Request, Response, Router } from 'express';
import {
  authenticatedGraph,
  GRAPH_VERSION,
  graphEdgePage,
  graphTimestamp,
  pick,
  requestedFields,
  sendGraphError,
  sendPermissionError,
  sendUnsupported,
} from './graph-common.js';
import { param, type SandboxContext } from './oauth-common.js';

/** Facebook's longest comment. */
export const FACEBOOK_COMMENT_MAX = 8000;
const ENGAGEMENT_SCOPE = 'pages_manage_engagement';

export function mountFacebookComments(graph: Router, ctx: SandboxContext): void {
  /** The Facebook post `:id`, or null to let Instagram's handler answer (an IG media or nothing). */
  const facebookPost = (req: Request, next: NextFunction) => {
    if (!GRAPH_VERSION.test(String(req.params.version))) {
      next();
      return null;
    }
    const post = ctx.posts.find('facebook', String(req.params.id));
    if (post === null) next();
    return post;
  };

  graph.post('/:version/:id/comments', async (req: Request, res: Response, next: NextFunction) => {
    const post = facebookPost(req, next);
    if (post === null) return;
    const token = authenticatedGraph(ctx, req, res);
    if (token === null) return;
    const found = ctx.store.findPage(post.authorId);
    const canSee =
      found !== null &&
      (token.pageId === null || token.pageId === post.authorId) &&
      token.grant.user.pages.some((p) => p.id === post.authorId);
    if (!canSee) {
      sendUnsupported(res, 'post', `${post.id}/comments`);
      return;
    }
    // Commenting as the Page: its Page token, with the engagement permission.
    if (token.pageId !== post.authorId || !token.grant.scopes.includes(ENGAGEMENT_SCOPE)) {
      sendPermissionError(
        res,
        200,
        '(#200) Permissions error: commenting as the Page requires a Page access token with pages_manage_engagement',
      );
      return;
    }
    const message = param(req, 'message');
    if (message === undefined || message.trim() === '') {
      sendGraphError(res, 100, '(#100) Missing message or attachment', undefined, 'GraphMethodException');
      return;
    }
    if ([...message].length > FACEBOOK_COMMENT_MAX) {
      sendGraphError(res, 100, '(#100) The comment is too long', undefined, 'GraphMethodException');
      return;
    }
    await ctx.posts.latency();
    // Graph's comment ids: `<post number>_<comment number>`.
    const comment = ctx.posts.addComment(
      {
        network: 'facebook',
        parentId: post.id,
        authorId: post.authorId,
        authorName: found.page.name,
        text: message,
      },
      (number) => `${post.id.split('_').at(-1)}_${number}`,
    );
    res.json({ id: comment.id });
  });

  graph.get('/:version/:id/comments', (req: Request, res: Response, next: NextFunction) => {
    const post = facebookPost(req, next);
    if (post === null) return;
    const token = authenticatedGraph(ctx, req, res);
    if (token === null) return;
    if (
      (token.pageId !== null && token.pageId !== post.authorId) ||
      !token.grant.user.pages.some((p) => p.id === post.authorId)
    ) {
      sendUnsupported(res, 'get', `${post.id}/comments`);
      return;
    }
    const comments = ctx.posts.listComments({ network: 'facebook', parentId: post.id });
    if (req.query.order === 'reverse_chronological') comments.reverse();
    const fields = requestedFields(req, ['id', 'message', 'created_time']);
    res.json(
      graphEdgePage(req, comments, (comment) =>
        pick(
          {
            id: comment.id,
            message: comment.text,
            created_time: graphTimestamp(comment.createdAt),
            from: { id: comment.authorId, name: comment.authorName },
          },
          fields,
        ),
      ),
    );
  });
}
