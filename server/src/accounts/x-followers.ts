// X follower count for Contas Conectadas: `GET /2/users/me?user.fields=public_metrics`.
// The shared OAuth provider's fetchUserInfo reads no public_metrics yet; this best-effort call
// fills `account_data.followers` and answers null on any failure (it never blocks a connection).
import { createNetworkFetch } from '@pauta/networks';
import { z } from 'zod';
import type { ServerEnv } from '../env.js';
import type { Logger } from '../logger.js';

const TIMEOUT_MS = 10_000;

const bodySchema = z.object({
  data: z.object({
    public_metrics: z.object({ followers_count: z.number().int().min(0) }).optional(),
  }),
});

export async function fetchXFollowers(
  env: ServerEnv,
  accessToken: string,
  logger: Logger,
): Promise<number | null> {
  const fetchFn = createNetworkFetch(env.SOCIAL_SANDBOX_URL);
  try {
    const response = await fetchFn('https://api.twitter.com/2/users/me?user.fields=public_metrics', {
      headers: { Accept: 'application/json', Authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) {
      logger.warn({ platform: 'x', status: response.status }, 'seguidores do X indisponíveis');
      return null;
    }
    const parsed = bodySchema.safeParse(await response.json());
    return parsed.success ? (parsed.data.data.public_metrics?.followers_count ?? null) : null;
  } catch {
    logger.warn({ platform: 'x' }, 'seguidores do X indisponíveis');
    return null;
  }
}
