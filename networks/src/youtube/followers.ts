// YouTube's follower count for Contas Conectadas: the channel's subscribers,
// `GET /youtube/v3/channels?part=statistics&id=<channel>` → `statistics.subscriberCount` (a
// string); a channel that hides it (`hiddenSubscriberCount`) shows none (null). Best effort: the
// caller shows no count on failure. Costs 1 quota unit.
import type { FollowersOptions, FollowersTarget } from '../descriptor.js';
import { getFollowersJson } from '../followers.js';
import { YOUTUBE_API } from './api.js';
import { channelListSchema, subscribersOf } from './oauth.js';

export async function fetchYouTubeFollowers(
  { platformUserId, accessToken }: FollowersTarget,
  options: FollowersOptions,
): Promise<number | null> {
  const body = await getFollowersJson(
    'youtube',
    `${YOUTUBE_API}/channels?part=statistics&id=${encodeURIComponent(platformUserId)}`,
    { Authorization: `Bearer ${accessToken}` },
    options,
  );
  const item = channelListSchema.safeParse(body).data?.items?.[0];
  return item === undefined ? null : subscribersOf(item);
}
