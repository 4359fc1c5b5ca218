// Sandbox LinkedIn: comments on a post (docs/first-comment.md), as the Comments API answers them.
// `POST /rest/socialActions/{urn}/comments` with `{actor, object, message: {text}}`: the versioned
// headers, a token that may act as `actor` (the member with w_member_social, or an organisation it
// administers with w_organization_social), `object` = the URN of the path, a post that exists
// (else 404), a text of 1 to 1,250 characters (else 422). Answers 201, the comment in the body and
// its URN in `x-restli-id`. `GET /rest/socialActions/{urn}/comments` (start/count paging, oldest
// first): a member's post needs r_member_social (restricted: Pauta does not ask for it, so 403), an
// organisation's r_organization_social and an admin.
import type { Request, Response, Router } from 'express';
import { administers } from './linkedin-organizations.js';
import type { LinkedInVideoHandlers } from './linkedin-video.js';
import type { SandboxContext } from './oauth-common.js';
import type { SandboxComment, SandboxPublishedPost } from './posts.js';

/** LinkedIn's longest comment. */
export const LINKEDIN_COMMENT_MAX = 1250;

type Handlers = Pick<LinkedInVideoHandlers, 'versioned' | 'token' | 'actingAs' | 'restError'>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const authorUrn = (post: SandboxPublishedPost) =>
  post.network === 'linkedin_page'
    ? `urn:li:organization:${post.authorId}`
    : `urn:li:person:${post.authorId}`;

/** The post `urn` (a member's or an organisation's), or null. */
function findPost(ctx: SandboxContext, urn: string): SandboxPublishedPost | null {
  return ctx.posts.find('linkedin', urn) ?? ctx.posts.find('linkedin_page', urn);
}

/** A comment as the Comments API renders it. */
function rendered(comment: SandboxComment, actor: string) {
  const time = Date.parse(comment.createdAt);
  return {
    id: comment.id.replace(/^urn:li:comment:\(.*,(\d+)\)$/, '$1'),
    commentUrn: comment.id,
    $URN: comment.id,
    actor,
    object: comment.parentId,
    message: { text: comment.text, attributes: [] },
    created: { actor, time },
    lastModified: { actor, time },
  };
}

export function mountLinkedInComments(api: Router, ctx: SandboxContext, handlers: Handlers): void {
  const notFound = (res: Response, urn: string) =>
    handlers.restError(res, 404, `Not Found: ${urn} does not exist`, { code: 'NOT_FOUND' });

  api.post('/rest/socialActions/:urn/comments', async (req: Request, res: Response) => {
    const version = handlers.versioned(req, res);
    if (version === null) return;
    const token = handlers.token(req, res);
    if (token === null) return;
    const urn = String(req.params.urn);
    const body: unknown = req.body;
    const unprocessable = (message: string) =>
      handlers.restError(res, 422, message, { code: 'UNPROCESSABLE_ENTITY' });
    if (!isRecord(body) || typeof body.actor !== 'string') {
      unprocessable('ERROR :: /actor :: field is required');
      return;
    }
    if (body.object !== urn) {
      unprocessable(`ERROR :: /object :: must be the URN of the path (${urn})`);
      return;
    }
    const author = handlers.actingAs(token, body.actor, res, {
      resource: `socialActions.comments.CREATE.${version}`,
      field: '/actor',
      notSelf:
        'Field Value validation failed in REQUEST_BODY: Data Processing Exception while processing fields [/actor]',
    });
    if (author === null) return;
    const post = findPost(ctx, urn);
    if (post === null) {
      notFound(res, urn);
      return;
    }
    const text = isRecord(body.message) ? body.message.text : undefined;
    if (typeof text !== 'string' || text.trim() === '') {
      unprocessable('ERROR :: /message/text :: field is required and must not be empty');
      return;
    }
    if ([...text].length > LINKEDIN_COMMENT_MAX) {
      unprocessable(`ERROR :: /message/text :: length exceeds ${LINKEDIN_COMMENT_MAX} characters`);
      return;
    }
    await ctx.posts.latency();
    const activity = urn.replace(/^urn:li:(share|ugcPost):/, 'urn:li:activity:');
    const comment = ctx.posts.addComment(
      {
        network: post.network,
        parentId: urn,
        authorId: author.id,
        authorName: body.actor,
        text,
      },
      (number) => `urn:li:comment:(${activity},${number})`,
    );
    res.status(201).set('x-restli-id', comment.id).json(rendered(comment, body.actor));
  });

  api.get('/rest/socialActions/:urn/comments', (req: Request, res: Response) => {
    const version = handlers.versioned(req, res);
    if (version === null) return;
    const token = handlers.token(req, res);
    if (token === null) return;
    const urn = String(req.params.urn);
    const post = findPost(ctx, urn);
    if (post === null) {
      notFound(res, urn);
      return;
    }
    const user = token.grant.user;
    const allowed =
      post.network === 'linkedin_page'
        ? token.grant.scopes.includes('r_organization_social') && administers(user, post.authorId)
        : token.grant.scopes.includes('r_member_social') && post.authorId === user.sub;
    if (!allowed) {
      handlers.restError(
        res,
        403,
        `Not enough permissions to access: socialActions.comments.GET.${version}`,
        {
          serviceErrorCode: 100,
          code: 'ACCESS_DENIED',
        },
      );
      return;
    }
    const start = Math.max(0, Number(req.query.start ?? 0) || 0);
    const count = Math.min(100, Math.max(1, Number(req.query.count ?? 10) || 10));
    const comments = ctx.posts.listComments({ network: post.network, parentId: urn });
    const actorOf = (comment: SandboxComment) =>
      comment.authorName.startsWith('urn:li:') ? comment.authorName : authorUrn(post);
    res.json({
      paging: { start, count, total: comments.length, links: [] },
      elements: comments.slice(start, start + count).map((comment) => rendered(comment, actorOf(comment))),
    });
  });
}
