// Facebook Page and Instagram professional account follower counts: `GET /{id}?fields=followers_count`
// on the Graph API (Page: the Page object's `followers_count`; IG user: `followers_count`). Read with
// the account's own token (the Page token; for Instagram the linked Page's token). Best effort for
// Contas Conectadas; the daily snapshots (docs/reports.md) keep a day without a count as missing.
import type { Platform } from '@pauta/core';
import { z } from 'zod';
import type { FollowersOptions, FollowersTarget } from '../descriptor.js';
import { FollowersUnavailableError } from '../descriptor.js';
import { graphBase } from './graph.js';

const DEFAULT_TIMEOUT_MS = 10_000;

const bodySchema = z.object({ followers_count: z.number().int().min(0).optional() });

/** A follower count's target; `graph`: another Graph host (Instagram Login: graph.instagram.com). */
export interface GraphFollowersTarget extends FollowersTarget {
  graph?: string;
}

/** The count, or null when the answer has none; throws FollowersUnavailableError when Graph failed. */
function graphFollowers(platform: Platform) {
  return async (target: GraphFollowersTarget, options: FollowersOptions): Promise<number | null> => {
    let body: unknown;
    try {
      const base = target.graph ?? graphBase(undefined);
      const url = new URL(`${base}/${encodeURIComponent(target.platformUserId)}`);
      url.searchParams.set('fields', 'followers_count');
      const response = await options.fetch(url, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${target.accessToken}` },
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      if (!response.ok) throw new FollowersUnavailableError(platform, response.status);
      body = await response.json();
    } catch (error) {
      if (error instanceof FollowersUnavailableError) throw error;
      throw new FollowersUnavailableError(platform, null, { cause: error });
    }
    const parsed = bodySchema.safeParse(body);
    return parsed.success ? (parsed.data.followers_count ?? null) : null;
  };
}

export const fetchFacebookFollowers = graphFollowers('facebook');
export const fetchInstagramFollowers = graphFollowers('instagram');
