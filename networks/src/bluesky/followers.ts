// Bluesky follower count for Contas Conectadas: `app.bsky.actor.getProfile?actor=<did>` answers
// `followersCount` (the PDS proxies app.bsky.* to the AppView). Best effort: the caller shows no
// count on failure.
import type { FollowersOptions, FollowersTarget } from '../descriptor.js';
import { FollowersUnavailableError } from '../descriptor.js';
import { numberField } from '../publishing/http.js';
import { PublishError } from '../publishing/types.js';
import { splitSession } from './session.js';
import { xrpc } from './xrpc.js';

export async function fetchBlueskyFollowers(
  { platformUserId, accessToken }: FollowersTarget,
  options: FollowersOptions,
): Promise<number | null> {
  const session = splitSession(accessToken);
  try {
    const result = await xrpc(
      {
        platform: 'bluesky',
        fetch: options.fetch,
        timeoutMs: options.timeoutMs ?? 10_000,
        secrets: [session.jwt],
      },
      { ...session, nsid: 'app.bsky.actor.getProfile', query: { actor: platformUserId } },
    );
    return numberField(result.json, 'followersCount');
  } catch (error) {
    const status = error instanceof PublishError ? (error.details.status ?? null) : null;
    throw new FollowersUnavailableError('bluesky', status, { cause: error });
  }
}
