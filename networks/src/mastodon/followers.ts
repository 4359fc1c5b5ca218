// Mastodon follower count for Contas Conectadas: `GET https://<host>/api/v1/accounts/verify_credentials`
// → `followers_count`. Best effort: the caller shows no count on failure.
import type { FollowersOptions, FollowersTarget } from '../descriptor.js';
import { getFollowersJson } from '../followers.js';
import { numberField } from '../publishing/http.js';
import { splitAccountKey } from './instance.js';

export async function fetchMastodonFollowers(
  { platformUserId, accessToken }: FollowersTarget,
  options: FollowersOptions,
): Promise<number | null> {
  const { host } = splitAccountKey(platformUserId);
  const url = `https://${host}/api/v1/accounts/verify_credentials`;
  return numberField(
    await getFollowersJson('mastodon', url, { Authorization: `Bearer ${accessToken}` }, options),
    'followers_count',
  );
}
