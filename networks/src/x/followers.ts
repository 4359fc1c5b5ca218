// X follower count for Contas Conectadas: `GET /2/users/me?user.fields=public_metrics`.
// Best effort: the caller shows no count on failure.
import { z } from 'zod';
import type { FollowersOptions, FollowersTarget } from '../descriptor.js';
import { getFollowersJson } from '../followers.js';
import { X_API } from './api.js';

const bodySchema = z.object({
  data: z.object({
    public_metrics: z.object({ followers_count: z.number().int().min(0) }).optional(),
  }),
});

/** The count, or null when the answer has none; throws FollowersUnavailableError when X failed. */
export async function fetchXFollowers(
  { accessToken }: FollowersTarget,
  options: FollowersOptions,
): Promise<number | null> {
  const body = await getFollowersJson(
    'x',
    `${X_API}/users/me?user.fields=public_metrics`,
    { Authorization: `Bearer ${accessToken}` },
    options,
  );
  const parsed = bodySchema.safeParse(body);
  return parsed.success ? (parsed.data.data.public_metrics?.followers_count ?? null) : null;
}
