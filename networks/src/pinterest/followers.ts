// Pinterest's follower count for Contas Conectadas: `GET /v5/user_account` → `follower_count`
// (user_accounts:read). Best effort: the caller shows no count on failure.
import type { FollowersOptions, FollowersTarget } from '../descriptor.js';
import { getFollowersJson } from '../followers.js';
import { numberField } from '../publishing/http.js';
import { PINTEREST_API } from './api.js';

/** The count, or null when the answer has none; throws FollowersUnavailableError when Pinterest failed. */
export async function fetchPinterestFollowers(
  { accessToken }: FollowersTarget,
  options: FollowersOptions,
): Promise<number | null> {
  const body = await getFollowersJson(
    'pinterest',
    `${PINTEREST_API}/user_account`,
    { Authorization: `Bearer ${accessToken}` },
    options,
  );
  return numberField(body, 'follower_count');
}
