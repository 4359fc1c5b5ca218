// A company Page's follower count for Contas Conectadas:
// `GET /rest/networkSizes/urn%3Ali%3Aorganization%3A<id>?edgeType=COMPANY_FOLLOWED_BY_MEMBER`,
// answered as `{ firstDegreeSize }`. Best effort: the caller shows no count on failure.
// https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/organization-lookup-api#retrieve-organization-follower-count
import type { FollowersOptions, FollowersTarget } from '../descriptor.js';
import { FollowersUnavailableError } from '../descriptor.js';
import { DEFAULT_LINKEDIN_VERSION } from '../linkedin/publish.js';
import { numberField } from '../publishing/http.js';

const DEFAULT_TIMEOUT_MS = 10_000;

/** The count, or null when the answer has none; throws FollowersUnavailableError when LinkedIn failed. */
export async function fetchLinkedInPageFollowers(
  { platformUserId, accessToken }: FollowersTarget,
  options: FollowersOptions,
): Promise<number | null> {
  const urn = encodeURIComponent(`urn:li:organization:${platformUserId}`);
  let body: unknown;
  try {
    const response = await options.fetch(
      `https://api.linkedin.com/rest/networkSizes/${urn}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`,
      {
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${accessToken}`,
          'LinkedIn-Version': DEFAULT_LINKEDIN_VERSION,
          'X-Restli-Protocol-Version': '2.0.0',
        },
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      },
    );
    if (!response.ok) throw new FollowersUnavailableError('linkedin_page', response.status);
    body = await response.json();
  } catch (error) {
    if (error instanceof FollowersUnavailableError) throw error;
    throw new FollowersUnavailableError('linkedin_page', null, { cause: error });
  }
  return numberField(body, 'firstDegreeSize');
}
