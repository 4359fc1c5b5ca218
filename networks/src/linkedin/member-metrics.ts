// Metrics of the member's own posts: `GET /rest/memberCreatorPostAnalytics`, one call per metric.
// They need r_member_postAnalytics, which only apps with the Community Management API product may
// request; they are read only when the installation turns them on (LINKEDIN_POST_ANALYTICS).
import {
  type HttpContext,
  isObject,
  mapLimited,
  numberField,
  publishError,
  sendRequest,
} from '../publishing/http.js';
import type { PostMetrics, PublishTarget } from '../publishing/types.js';
import { LINKEDIN_ANALYTICS_SCOPE } from './errors.js';
import type { LinkedInApi } from './publish.js';

const ANALYTICS_URL = 'https://api.linkedin.com/rest/memberCreatorPostAnalytics';
/** Posts whose metrics are read at the same time (each post is three calls). */
const METRICS_CONCURRENCY = 2;
/** The metric types read for Pauta's reach / likes / comments. */
const METRIC_QUERIES = [
  ['reach', 'MEMBERS_REACHED'],
  ['likes', 'REACTION'],
  ['comments', 'COMMENT'],
] as const;
export const POST_URN = /^urn:li:(share|ugcPost):\d+$/;

/** `entity` of the finder, Rest.li 2.0: `(share:urn%3Ali%3Ashare%3A1)` / `(ugc:urn%3Ali%3AugcPost%3A1)`. */
function analyticsEntity(urn: string): string | null {
  const match = POST_URN.exec(urn);
  if (match === null) return null;
  return `(${match[1] === 'ugcPost' ? 'ugc' : 'share'}:${encodeURIComponent(urn)})`;
}

/** One metric of one post; null when LinkedIn has no such post (deleted, not the member's). */
async function readMetric(
  api: LinkedInApi,
  ctx: HttpContext,
  target: PublishTarget,
  entity: string,
  queryType: string,
): Promise<number | null> {
  const query = `q=entity&entity=${entity}&queryType=${queryType}&aggregation=TOTAL`;
  const result = await sendRequest(ctx, `${ANALYTICS_URL}?${query}`, {
    method: 'GET',
    headers: api.versioned(target.accessToken),
  });
  if (result.status === 404) return null;
  if (result.status === 403) {
    // Without the scope every call is refused: a clear classification, not "no metrics".
    throw publishError(
      ctx,
      'permanent',
      'ACCOUNT_NEEDS_RECONNECT',
      `linkedin answered 403 on memberCreatorPostAnalytics: the token lacks ${LINKEDIN_ANALYTICS_SCOPE}`,
      { status: 403, networkCode: 'SCOPE_MISSING_ANALYTICS' },
    );
  }
  if (result.status < 200 || result.status >= 300) throw api.failure(ctx, result);
  const elements = isObject(result.json) && Array.isArray(result.json.elements) ? result.json.elements : [];
  // TOTAL aggregation: one element; none when LinkedIn has nothing to report yet (a real 0).
  if (elements.length === 0) return 0;
  return numberField(elements[0], 'count');
}

async function metricsOf(api: LinkedInApi, target: PublishTarget, urn: string): Promise<PostMetrics | null> {
  const entity = analyticsEntity(urn);
  if (entity === null) return null;
  const ctx = api.context(target);
  const values: PostMetrics = { reach: null, likes: null, comments: null };
  for (const [field, queryType] of METRIC_QUERIES) {
    const value = await readMetric(api, ctx, target, entity, queryType);
    if (value === null) return null;
    values[field] = value;
  }
  return values;
}

/** The member's posts' metrics; none (no call) while LINKEDIN_POST_ANALYTICS is off. */
export async function readMemberMetrics(
  api: LinkedInApi,
  target: PublishTarget,
  ids: readonly string[],
): Promise<Map<string, PostMetrics | null>> {
  // Off: LinkedIn would refuse the scope to an app without the product; nothing to ask.
  if (api.options.postAnalytics !== true) return new Map();
  const values = await mapLimited(ids, METRICS_CONCURRENCY, (id) => metricsOf(api, target, id));
  return new Map(ids.map((id, index) => [id, values[index] ?? null]));
}
