// Metrics of a Page's posts: lifetime organic statistics of the organisation's posts, read in one
// call for all of them (rw_organization_admin):
// `GET /rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=<org>
//   &shares=List(<share urns>)&ugcPosts=List(<ugcPost urns>)`, each element with its `share` or
// `ugcPost` and `totalShareStatistics` (impressionCount, uniqueImpressionsCount, clickCount,
// likeCount, commentCount, shareCount, engagement). Pauta's reach is uniqueImpressionsCount.
// https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/share-statistics
import type { LinkedInApi } from '../linkedin/publish.js';
import { isObject, numberField, sendRequest, stringField } from '../publishing/http.js';
import type { PostMetrics, PublishTarget } from '../publishing/types.js';

const STATISTICS_URL = 'https://api.linkedin.com/rest/organizationalEntityShareStatistics';
/** Post URNs per call (the URL stays short; LinkedIn documents no lower bound). */
const BATCH = 20;
const SHARE = /^urn:li:share:\d+$/;
const UGC_POST = /^urn:li:ugcPost:\d+$/;

const list = (urns: readonly string[]) => `List(${urns.map(encodeURIComponent).join(',')})`;

/** The statistics of `ids` (null per post LinkedIn did not answer: deleted, not the Page's). */
export async function readOrganizationMetrics(
  api: LinkedInApi,
  target: PublishTarget,
  ids: readonly string[],
): Promise<Map<string, PostMetrics | null>> {
  const out = new Map<string, PostMetrics | null>(ids.map((id) => [id, null]));
  const known = ids.filter((id) => SHARE.test(id) || UGC_POST.test(id));
  const ctx = api.context(target);
  const organization = encodeURIComponent(`urn:li:organization:${target.platformUserId}`);
  for (let start = 0; start < known.length; start += BATCH) {
    const batch = known.slice(start, start + BATCH);
    const shares = batch.filter((id) => SHARE.test(id));
    const ugcPosts = batch.filter((id) => UGC_POST.test(id));
    const query = [
      'q=organizationalEntity',
      `organizationalEntity=${organization}`,
      ...(shares.length > 0 ? [`shares=${list(shares)}`] : []),
      ...(ugcPosts.length > 0 ? [`ugcPosts=${list(ugcPosts)}`] : []),
    ].join('&');
    const result = await sendRequest(ctx, `${STATISTICS_URL}?${query}`, {
      method: 'GET',
      headers: api.versioned(target.accessToken),
    });
    if (result.status < 200 || result.status >= 300) throw api.failure(ctx, result);
    const elements = isObject(result.json) && Array.isArray(result.json.elements) ? result.json.elements : [];
    for (const element of elements) {
      const urn = stringField(element, 'share') ?? stringField(element, 'ugcPost');
      if (urn === null || !out.has(urn) || !isObject(element)) continue;
      const totals = element.totalShareStatistics;
      out.set(urn, {
        reach: numberField(totals, 'uniqueImpressionsCount'),
        likes: numberField(totals, 'likeCount'),
        comments: numberField(totals, 'commentCount'),
      });
    }
  }
  return out;
}
