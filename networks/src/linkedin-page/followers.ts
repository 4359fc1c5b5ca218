// A company Page's follower count for Contas Conectadas:
// `GET /rest/networkSizes/urn%3Ali%3Aorganization%3A<id>?edgeType=COMPANY_FOLLOWED_BY_MEMBER`,
// answered as `{ firstDegreeSize }`. Best effort: the caller shows no count on failure.
// https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/organization-lookup-api#retrieve-organization-follower-count
import type { FollowersOptions, FollowersTarget } from '../descriptor.js';
import { getFollowersJson } from '../followers.js';
import { DEFAULT_LINKEDIN_VERSION } from '../linkedin/publish.js';
import { numberField } from '../publishing/http.js';

/** The count, or null when the answer has none; throws FollowersUnavailableError when LinkedIn failed. */
export async function fetchLinkedInPageFollowers(
  { platformUserId, accessToken }: FollowersTarget,
  options: FollowersOptions,
): Promise<number | null> {
  const urn = encodeURIComponent(`urn:li:organization:${platformUserId}`);
  const body = await getFollowersJson(
    'linkedin_page',
    `https://api.linkedin.com/rest/networkSizes/${urn}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`,
    {
      Authorization: `Bearer ${accessToken}`,
      'LinkedIn-Version': DEFAULT_LINKEDIN_VERSION,
      'X-Restli-Protocol-Version': '2.0.0',
    },
    options,
  );
  return numberField(body, 'firstDegreeSize');
}
