// Mastodon follower count for Contas Conectadas: `GET https://<host>/api/v1/accounts/verify_credentials`
// → `followers_count`. Best effort: the caller shows no count on failure.
import type { FollowersOptions, FollowersTarget } from '../descriptor.js';
import { FollowersUnavailableError } from '../descriptor.js';
import { numberField } from '../publishing/http.js';
import { splitAccountKey } from './instance.js';

const DEFAULT_TIMEOUT_MS = 10_000;

export async function fetchMastodonFollowers(
  { platformUserId, accessToken }: FollowersTarget,
  options: FollowersOptions,
): Promise<number | null> {
  const { host } = splitAccountKey(platformUserId);
  let body: unknown;
  try {
    const response = await options.fetch(`https://${host}/api/v1/accounts/verify_credentials`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    if (!response.ok) throw new FollowersUnavailableError('mastodon', response.status);
    body = await response.json();
  } catch (error) {
    if (error instanceof FollowersUnavailableError) throw error;
    throw new FollowersUnavailableError('mastodon', null, { cause: error });
  }
  return numberField(body, 'followers_count');
}
