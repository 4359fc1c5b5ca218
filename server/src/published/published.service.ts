// Posts Publicados: the caller's history with metrics, newest first. Null metrics stay null
// ("not available", e.g. LinkedIn personal profiles) so the screen never shows a false 0.

import type { Platform } from '@pauta/core';
import { AppError } from '@pauta/core';
import {
  type Database,
  deletePublishedPost,
  listActiveAccounts,
  listPublishedPosts,
  type PublishedPostRow,
  resolvePostAccount,
} from '@pauta/db';
import { type CredentialSource, metricsUnavailableReason, rewriteUrl } from '@pauta/networks';
import type { Kysely } from 'kysely';
import { decodeCursor, encodeCursor } from '../posts/post-filters.js';
import { presentThemedPost } from '../posts/posts.service.js';

export interface PublishedItem {
  id: string;
  themeId: string | null;
  themeName: string | null;
  themeColor: string | null;
  title: string;
  content: string;
  platform: Platform;
  publishedAt: Date;
  url: string | null;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  engagementRate: number | null;
  metricsUpdatedAt: Date | null;
  /** pt-BR: why this post has no metrics (e.g. LinkedIn analytics not switched on); null otherwise. */
  metricsUnavailableReason: string | null;
}

/**
 * "Ver na rede": with the sandbox networks, the network's post URL (`https://www.linkedin.com/…`)
 * goes to the sandbox's page for it (`SOCIAL_SANDBOX_URL/www.linkedin.com/…`), the same rewrite
 * every API call gets, so the link shows the post instead of a dead page on the real network.
 */
export function viewUrl(url: string | null, sandboxUrl: string | undefined): string | null {
  if (url === null || !sandboxUrl) return url;
  try {
    return rewriteUrl(url, sandboxUrl);
  } catch {
    return url;
  }
}

export function presentPublished(row: PublishedPostRow, sandboxUrl?: string): PublishedItem {
  return {
    ...presentThemedPost(row),
    publishedAt: row.published_at,
    url: viewUrl(row.url, sandboxUrl),
    reach: row.reach,
    likes: row.likes_count,
    comments: row.comments_count,
    engagementRate: row.engagement_rate === null ? null : Number(row.engagement_rate),
    metricsUpdatedAt: row.metrics_updated_at,
    metricsUnavailableReason: null,
  };
}

const hasNoMetrics = (item: PublishedItem) =>
  item.reach === null && item.likes === null && item.comments === null;

/**
 * Fills `metricsUnavailableReason` of the posts without metrics, one reason per network: the
 * registry knows whether the network's metrics are switched on and which scopes they need; the
 * owner's connected account says which scopes were granted.
 */
async function explainMissingMetrics(
  db: Kysely<Database>,
  env: CredentialSource,
  workspaceId: string,
  items: PublishedItem[],
  accountIds: readonly (string | null)[],
): Promise<void> {
  const reasons = new Map<string, string | null>();
  const accounts = items.some(hasNoMetrics) ? await listActiveAccounts(db, workspaceId) : [];
  for (const [index, item] of items.entries()) {
    if (!hasNoMetrics(item)) continue;
    // The account that published it (its granted scopes), else the network's only one.
    const account = resolvePostAccount(
      { workspace_id: workspaceId, platform: item.platform, connected_account_id: accountIds[index] ?? null },
      accounts,
    );
    const key = `${item.platform}:${account?.id ?? ''}`;
    if (!reasons.has(key))
      reasons.set(key, metricsUnavailableReason(env, item.platform, account?.account_data.scopes ?? null));
    item.metricsUnavailableReason = reasons.get(key) ?? null;
  }
}

export async function listPublished(
  db: Kysely<Database>,
  options: {
    workspaceId: string;
    themeId?: string | undefined;
    platform?: Platform | undefined;
    cursor?: string | null | undefined;
    limit: number;
    /** The web's env: which networks' opt-in metrics are switched on. */
    env?: CredentialSource;
    /** SOCIAL_SANDBOX_URL when the networks are the sandbox ("Ver na rede" opens its page). */
    sandboxUrl?: string | undefined;
  },
): Promise<{ items: PublishedItem[]; nextCursor: string | null }> {
  const cursor = options.cursor ? decodeCursor(options.cursor) : null;
  if (options.cursor && !cursor) throw new AppError('VALIDATION_FAILED', { field: 'cursor' });
  const page = await listPublishedPosts(db, {
    workspaceId: options.workspaceId,
    themeId: options.themeId,
    platform: options.platform,
    before: cursor ? { publishedAt: cursor.time, id: cursor.id } : undefined,
    limit: options.limit,
  });
  const items = page.rows.map((row) => presentPublished(row, options.sandboxUrl));
  if (options.env !== undefined)
    await explainMissingMetrics(
      db,
      options.env,
      options.workspaceId,
      items,
      page.rows.map((row) => row.connected_account_id),
    );
  return {
    items,
    nextCursor: page.next ? encodeCursor({ time: page.next.publishedAt, id: page.next.id }) : null,
  };
}

/** Removes Pauta's record only; the post stays on the network (the confirmation says so). */
export async function deletePublished(
  db: Kysely<Database>,
  workspaceId: string,
  postId: string,
): Promise<{ deleted: 1 }> {
  if (!(await deletePublishedPost(db, workspaceId, postId))) throw new AppError('NOT_FOUND');
  return { deleted: 1 };
}
