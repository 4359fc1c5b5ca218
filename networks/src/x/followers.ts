// X follower count for Contas Conectadas: `GET /2/users/me?user.fields=public_metrics`.
// Best effort: the caller shows no count on failure.
import { z } from 'zod';
import type { FollowersOptions, FollowersTarget } from '../descriptor.js';
import { FollowersUnavailableError } from '../descriptor.js';
import { X_API } from './api.js';

const DEFAULT_TIMEOUT_MS = 10_000;

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
  let response: Response;
  let body: unknown;
  try {
    response = await options.fetch(`${X_API}/users/me?user.fields=public_metrics`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    if (!response.ok) throw new FollowersUnavailableError('x', response.status);
    body = await response.json();
  } catch (error) {
    if (error instanceof FollowersUnavailableError) throw error;
    throw new FollowersUnavailableError('x', null, { cause: error });
  }
  const parsed = bodySchema.safeParse(body);
  return parsed.success ? (parsed.data.data.public_metrics?.followers_count ?? null) : null;
}
