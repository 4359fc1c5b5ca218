// Sandbox LinkedIn company Pages (Community Management API): each test user administers one
// organisation per Facebook Page of theirs (same names, so the default user has two and a user
// without Pages has none), and the organisation endpoints Pauta calls, with LinkedIn's error shapes:
// - `GET /rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED` (rw_organization_admin);
// - `GET /rest/organizations?ids=List(…)` (batch lookup: `results` by id, `errors` for unknown ids);
// - `GET /rest/networkSizes/urn%3Ali%3Aorganization%3A…?edgeType=COMPANY_FOLLOWED_BY_MEMBER`;
// - `GET /rest/organizationalEntityShareStatistics?q=organizationalEntity&…&shares=List(…)`;
// and `organizationAuthor`, which linkedin.ts asks before an organisation posts or uploads.
import type { Request, Response, Router } from 'express';
import type { SandboxContext } from './oauth-common.js';
import type { AccessToken, SandboxUser } from './store.js';

export interface SandboxOrganization {
  id: string;
  name: string;
  vanityName: string;
}

/** Answers LinkedIn's REST error body `{ status, message, …extra }`. */
type RestError = (res: Response, status: number, message: string, extra?: Record<string, unknown>) => void;

/** The organisations `user` is an approved ADMINISTRATOR of (one per Facebook Page of theirs). */
export function sandboxOrganizations(user: SandboxUser): SandboxOrganization[] {
  return user.pages.map((page) => ({
    id: `2${page.id.slice(-9)}`,
    name: page.name,
    vanityName: page.name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
  }));
}

export function findOrganization(ctx: SandboxContext, id: string): SandboxOrganization | null {
  for (const user of ctx.store.allUsers()) {
    const found = sandboxOrganizations(user).find((organization) => organization.id === id);
    if (found) return found;
  }
  return null;
}

export function administers(user: SandboxUser, organizationId: string): boolean {
  return sandboxOrganizations(user).some((organization) => organization.id === organizationId);
}

/**
 * Whether the token may act as `urn:li:organization:<id>`: it exists (else 422, as LinkedIn
 * validates `/author`), the member administers it and the token has `scope` (else 403). Answers
 * the error and returns false when not.
 */
export function organizationAuthor(
  token: AccessToken,
  ctx: SandboxContext,
  input: { id: string; scope: string; resource: string; field: string },
  res: Response,
  restError: RestError,
): boolean {
  if (findOrganization(ctx, input.id) === null) {
    restError(
      res,
      422,
      `ERROR :: ${input.field} :: urn:li:organization:${input.id} does not exist or is not an organization`,
      { code: 'UNPROCESSABLE_ENTITY' },
    );
    return false;
  }
  if (!token.grant.scopes.includes(input.scope) || !administers(token.grant.user, input.id)) {
    restError(
      res,
      403,
      `Not enough permissions to access: ${input.resource} for urn:li:organization:${input.id}`,
      {
        serviceErrorCode: 100,
        code: 'ACCESS_DENIED',
      },
    );
    return false;
  }
  return true;
}

interface Handlers {
  /** The version headers' check (linkedin.ts); null when it answered an error. */
  versioned(req: Request, res: Response): string | null;
  /** The token of the call, or null after answering LinkedIn's 401. */
  token(req: Request, res: Response): AccessToken | null;
  restError: RestError;
}

const ORGANIZATION_URN = /^urn:li:organization:(\d+)$/;
const STATISTIC_LIST = /^List\(([^)]*)\)$/;

function needsAdminScope(token: AccessToken, res: Response, resource: string, h: Handlers): boolean {
  const scopes = token.grant.scopes;
  if (scopes.includes('rw_organization_admin')) return true;
  h.restError(res, 403, `Not enough permissions to access: ${resource}`, {
    serviceErrorCode: 100,
    code: 'ACCESS_DENIED',
  });
  return false;
}

/** The URNs of a `List(…)` parameter (each percent-encoded, as Rest.li 2.0 sends them). */
function listParameter(value: unknown): string[] | null {
  if (typeof value !== 'string') return [];
  const match = STATISTIC_LIST.exec(value);
  if (match === null) return null;
  return (match[1] ?? '')
    .split(',')
    .filter((item) => item !== '')
    .map((item) => decodeURIComponent(item));
}

export function mountLinkedInOrganizations(api: Router, ctx: SandboxContext, h: Handlers): void {
  api.get('/rest/organizationAcls', (req, res) => {
    const version = h.versioned(req, res);
    const token = version === null ? null : h.token(req, res);
    if (version === null || token === null) return;
    if (!needsAdminScope(token, res, `organizationAcls.FINDER-roleAssignee.${version}`, h)) return;
    if (req.query.q !== 'roleAssignee') {
      h.restError(res, 400, 'Query parameter q=roleAssignee is required', { code: 'ILLEGAL_ARGUMENT' });
      return;
    }
    const role = typeof req.query.role === 'string' ? req.query.role : null;
    const state = typeof req.query.state === 'string' ? req.query.state : null;
    const user = token.grant.user;
    const elements = sandboxOrganizations(user)
      .filter(() => (role === null || role === 'ADMINISTRATOR') && (state === null || state === 'APPROVED'))
      .map((organization) => ({
        roleAssignee: `urn:li:person:${user.sub}`,
        state: 'APPROVED',
        role: 'ADMINISTRATOR',
        organization: `urn:li:organization:${organization.id}`,
      }));
    res.json({ paging: { start: 0, count: elements.length, links: [], total: elements.length }, elements });
  });

  api.get('/rest/organizations', (req, res) => {
    const version = h.versioned(req, res);
    const token = version === null ? null : h.token(req, res);
    if (version === null || token === null) return;
    const ids = /^List\((\d+(?:,\d+)*)\)$/.exec(typeof req.query.ids === 'string' ? req.query.ids : '');
    if (ids === null) {
      h.restError(res, 400, 'Query parameter ids=List(…) of organization ids is required', {
        code: 'ILLEGAL_ARGUMENT',
      });
      return;
    }
    const results: Record<string, unknown> = {};
    const errors: Record<string, unknown> = {};
    for (const id of (ids[1] ?? '').split(',')) {
      const organization = findOrganization(ctx, id);
      if (organization === null) errors[id] = { status: 404, message: `Organization ${id} not found` };
      else
        results[id] = {
          id: Number(id),
          localizedName: organization.name,
          vanityName: organization.vanityName,
          name: {
            localized: { pt_BR: organization.name },
            preferredLocale: { country: 'BR', language: 'pt' },
          },
        };
    }
    res.json({ results, statuses: {}, errors });
  });

  api.get('/rest/networkSizes/:urn', (req, res) => {
    const version = h.versioned(req, res);
    const token = version === null ? null : h.token(req, res);
    if (version === null || token === null) return;
    const urn = ORGANIZATION_URN.exec(String(req.params.urn));
    if (urn === null || req.query.edgeType !== 'COMPANY_FOLLOWED_BY_MEMBER') {
      h.restError(res, 400, 'An organization URN and edgeType=COMPANY_FOLLOWED_BY_MEMBER are required', {
        code: 'ILLEGAL_ARGUMENT',
      });
      return;
    }
    const organization = findOrganization(ctx, urn[1] ?? '');
    if (organization === null) {
      h.restError(res, 404, `Organization ${urn[1]} not found`, { code: 'NOT_FOUND' });
      return;
    }
    // A stable count per Page, in the thousands, as a small business Page has.
    const followers = 1000 + (Number(organization.id.slice(-4)) % 997) * 7;
    res.json({ firstDegreeSize: followers });
  });

  api.get('/rest/organizationalEntityShareStatistics', (req, res) => {
    const version = h.versioned(req, res);
    const token = version === null ? null : h.token(req, res);
    if (version === null || token === null) return;
    const resource = `organizationalEntityShareStatistics.FINDER-organizationalEntity.${version}`;
    if (!needsAdminScope(token, res, resource, h)) return;
    const entity = ORGANIZATION_URN.exec(
      typeof req.query.organizationalEntity === 'string' ? req.query.organizationalEntity : '',
    );
    const shares = listParameter(req.query.shares);
    const ugcPosts = listParameter(req.query.ugcPosts);
    if (req.query.q !== 'organizationalEntity' || entity === null || shares === null || ugcPosts === null) {
      h.restError(
        res,
        400,
        'Invalid query parameters: q=organizationalEntity, an organization URN and List(…) are required',
        {
          code: 'ILLEGAL_ARGUMENT',
        },
      );
      return;
    }
    const organizationId = entity[1] ?? '';
    if (!administers(token.grant.user, organizationId)) {
      h.restError(res, 403, `Not enough permissions to access: ${resource}`, {
        serviceErrorCode: 100,
        code: 'ACCESS_DENIED',
      });
      return;
    }
    const elements = [...shares, ...ugcPosts].flatMap((urn) => {
      const post = ctx.posts.find('linkedin_page', urn);
      if (post === null || post.authorId !== organizationId) return [];
      const m = ctx.posts.metrics(urn);
      const impressions = Math.round(m.reach * 1.4);
      return [
        {
          organizationalEntity: `urn:li:organization:${organizationId}`,
          [urn.startsWith('urn:li:ugcPost:') ? 'ugcPost' : 'share']: urn,
          totalShareStatistics: {
            uniqueImpressionsCount: m.reach,
            impressionCount: impressions,
            clickCount: Math.round(m.reach * 0.03),
            likeCount: m.likes,
            commentCount: m.comments,
            shareCount: m.shares,
            engagement: impressions === 0 ? 0 : (m.likes + m.comments + m.shares) / impressions,
          },
        },
      ];
    });
    res.json({ paging: { start: 0, count: elements.length, links: [] }, elements });
  });
}
