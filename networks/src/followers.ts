// The one GET behind every network's follower count (Contas Conectadas): a deadline, and every
// failure — an error status, no answer, a body that is not JSON — a FollowersUnavailableError.
import type { Platform } from '@pauta/core';
import { type FollowersOptions, FollowersUnavailableError } from './descriptor.js';

const DEFAULT_TIMEOUT_MS = 10_000;

/** The JSON body of `url`, read with `headers`; throws FollowersUnavailableError when it failed. */
export async function getFollowersJson(
  platform: Platform,
  url: string,
  headers: Record<string, string>,
  options: FollowersOptions,
): Promise<unknown> {
  try {
    const response = await options.fetch(url, {
      headers: { Accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    if (!response.ok) throw new FollowersUnavailableError(platform, response.status);
    return await response.json();
  } catch (error) {
    if (error instanceof FollowersUnavailableError) throw error;
    throw new FollowersUnavailableError(platform, null, { cause: error });
  }
}
