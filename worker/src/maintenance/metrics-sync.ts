// Metrics sync (every few hours, on demand for one user, and `due`: the early reads at +15 min,
// +1 h and +24 h after publishing): reach, likes and comments of published posts from each
// network, engagement = (likes + comments) / reach. Posts whose network offers no metrics keep
// nulls ('indisponível'), never zeros. Every save is a live event (docs/live-updates.md).

import type { Platform } from '@pauta/core';
import {
  advanceMetricsDue,
  type Database,
  findPostAccount,
  type Keyring,
  listPostsDueForMetrics,
  listPostsForMetrics,
  type MetricsTarget,
  saveMetrics,
} from '@pauta/db';
import type { NetworkAdapter, OAuthProvider } from '@pauta/networks';
import type { Kysely } from 'kysely';
import type { Logger } from '../logger.js';
import { usableAccessToken } from '../publish/tokens.js';

const DAY = 86_400_000;

export async function syncMetrics(deps: {
  db: Kysely<Database>;
  keyring: Keyring;
  logger: Logger;
  adapter(platform: Platform): NetworkAdapter | null;
  oauth(platform: Platform): OAuthProvider | null;
  now(): Date;
  /** Only this workspace's posts ("Atualizar métricas"). */
  workspaceId?: string;
  staleAfterMs: number;
  /** Only the posts whose early read is due (published_posts.metrics_due_at). */
  due?: boolean;
}): Promise<{ updated: number; failed: number }> {
  const now = deps.now().getTime();
  const posts = deps.due
    ? await listPostsDueForMetrics(deps.db)
    : await listPostsForMetrics(deps.db, {
        staleBefore: new Date(now - deps.staleAfterMs),
        publishedAfter: new Date(now - 90 * DAY),
        ...(deps.workspaceId ? { workspaceId: deps.workspaceId } : {}),
      });
  try {
    return await readMetrics(deps, posts);
  } finally {
    // Any read (or a failed one) moves a post to its next early milestone.
    await advanceMetricsDue(
      deps.db,
      posts.map((p) => p.id),
    ).catch((error: unknown) => deps.logger.warn({ err: error }, 'próxima leitura de métricas não agendada'));
  }
}

async function readMetrics(
  deps: Parameters<typeof syncMetrics>[0],
  posts: MetricsTarget[],
): Promise<{ updated: number; failed: number }> {
  const groups = new Map<string, MetricsTarget[]>();
  for (const post of posts) {
    // One group per account: a published post's metrics are read with the account that published it.
    const key = `${post.workspace_id}:${post.platform}:${post.connected_account_id ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), post]);
  }
  const report = { updated: 0, failed: 0 };
  for (const group of groups.values()) {
    const first = group[0]!;
    const adapter = deps.adapter(first.platform);
    const account = await findPostAccount(deps.db, first);
    if (!adapter || !account) continue;
    try {
      const accessToken = await usableAccessToken(
        {
          db: deps.db,
          keyring: deps.keyring,
          provider: deps.oauth(first.platform),
          marginMs: 5 * 60_000,
          now: deps.now,
        },
        account,
      );
      for (let i = 0; i < group.length; i += 100) {
        const batch = group.slice(i, i + 100);
        const metrics = await adapter.fetchMetrics({
          target: { platformUserId: account.platform_user_id, accessToken },
          platformPostIds: batch.map((p) => p.platform_post_id),
        });
        for (const post of batch) {
          await saveMetrics(
            deps.db,
            post.id,
            metrics.get(post.platform_post_id) ?? { reach: null, likes: null, comments: null },
          );
          report.updated++;
        }
      }
    } catch (error) {
      report.failed += group.length;
      deps.logger.warn({ err: error, platform: first.platform }, 'métricas não atualizadas');
    }
  }
  return report;
}
