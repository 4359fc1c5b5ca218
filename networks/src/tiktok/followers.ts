// TikTok's follower count for Contas Conectadas: `GET /v2/user/info/?fields=follower_count`
// (user.info.stats) → `data.user.follower_count`. Best effort: the caller shows no count on failure.
import type { FollowersOptions, FollowersTarget } from '../descriptor.js';
import { getFollowersJson } from '../followers.js';
import { isObject, numberField } from '../publishing/http.js';
import { TIKTOK_API } from './api.js';

/** The count, or null when the answer has none; throws FollowersUnavailableError when TikTok failed. */
export async function fetchTikTokFollowers(
  { accessToken }: FollowersTarget,
  options: FollowersOptions,
): Promise<number | null> {
  const body = await getFollowersJson(
    'tiktok',
    `${TIKTOK_API}/user/info/?fields=follower_count`,
    { Authorization: `Bearer ${accessToken}` },
    options,
  );
  const data = isObject(body) && isObject(body.data) ? body.data : null;
  return numberField(data?.user, 'follower_count');
}
