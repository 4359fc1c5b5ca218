// Threads follower count for Contas Conectadas:
// `GET /{threads-user-id}/threads_insights?metric=followers_count` (needs threads_manage_insights),
// answered as `{ data: [{ name: 'followers_count', period: 'day', total_value: { value } }] }`.
// Best effort: the caller shows no count on failure.
import type { FollowersOptions, FollowersTarget } from '../descriptor.js';
import { getFollowersJson } from '../followers.js';
import { isObject, numberField, stringField } from '../publishing/http.js';
import { THREADS_API } from './api.js';

function followersFrom(body: unknown): number | null {
  if (!isObject(body) || !Array.isArray(body.data)) return null;
  const entry = body.data.find((item) => stringField(item, 'name') === 'followers_count');
  return isObject(entry) ? numberField(entry.total_value, 'value') : null;
}

/** The count, or null when the answer has none; throws FollowersUnavailableError when Threads failed. */
export async function fetchThreadsFollowers(
  { platformUserId, accessToken }: FollowersTarget,
  options: FollowersOptions,
): Promise<number | null> {
  const query = new URLSearchParams({ metric: 'followers_count', access_token: accessToken });
  const url = `${THREADS_API}/${encodeURIComponent(platformUserId)}/threads_insights?${query}`;
  return followersFrom(await getFollowersJson('threads', url, {}, options));
}
