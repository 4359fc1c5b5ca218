// Runs the dated migrations in db/migrations on PostgreSQL or PGlite. The provider is a static
// list (not a folder scan) so it behaves the same under tsx, vitest and any bundler.
import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationResultSet, Migrator } from 'kysely/migration';
import * as initialSchema from '../migrations/2026-11-22T00-00-initial-schema.js';
import * as rateLimits from '../migrations/2026-11-22T01-00-rate-limits.js';
import * as pendingConnections from '../migrations/2026-11-23T00-00-pending-connections.js';
import * as postsListIndexes from '../migrations/2026-11-23T02-00-posts-list-indexes.js';
import * as claimToken from '../migrations/2026-11-24T00-00-claim-token.js';
import * as idempotencyKeys from '../migrations/2026-11-24T01-00-idempotency-keys.js';
import * as ownerProofsAndSealedLinks from '../migrations/2026-11-24T02-00-owner-proofs-and-sealed-links.js';
import * as liveEvents from '../migrations/2026-11-25T00-00-live-events.js';
import * as failureDigest from '../migrations/2026-11-25T01-00-failure-digest.js';
import * as errorMessages from '../migrations/2026-11-26T00-00-error-messages.js';
import * as workerHeartbeats from '../migrations/2026-11-26T01-00-worker-heartbeats.js';
import * as postMedia from '../migrations/2026-11-27T00-00-post-media.js';
import * as pendingInstagramConnections from '../migrations/2026-11-27T00-30-pending-instagram-connections.js';
import * as accountHealth from '../migrations/2026-11-27T01-00-account-health.js';
import * as approvalWorkflow from '../migrations/2026-11-27T03-17-approval-workflow.js';
import * as networkBudgets from '../migrations/2026-11-27T03-30-network-budgets.js';
import * as clientApprovalLinks from '../migrations/2026-11-27T04-00-client-approval-links.js';
import * as bestTime from '../migrations/2026-11-27T05-10-best-time.js';
import * as cacheInvalidation from '../migrations/2026-11-28T00-00-cache-invalidation.js';
import * as postsListCoveringIndex from '../migrations/2026-11-28T00-10-posts-list-covering-index.js';
import * as outcomeLookup from '../migrations/2026-11-28T00-20-outcome-lookup.js';
import * as deliveryEvents from '../migrations/2026-11-28T00-30-delivery-events.js';
import * as accountProtectionEmails from '../migrations/2026-11-28T02-00-account-protection-emails.js';
import * as workspaces from '../migrations/2026-11-29T00-00-workspaces.js';
import * as templateSampleValues from '../migrations/2026-11-29T00-30-template-sample-values.js';
import * as workspaceInvitations from '../migrations/2026-11-30T00-00-workspace-invitations.js';
import * as apiTokens from '../migrations/2026-11-30T00-20-api-tokens.js';
import * as webhooks from '../migrations/2026-11-30T00-30-webhooks.js';
import * as reportHistory from '../migrations/2026-11-30T00-40-report-history.js';
import * as reports from '../migrations/2026-11-30T01-00-reports.js';
import * as reportLive from '../migrations/2026-11-30T01-10-report-live.js';
import * as reportLinks from '../migrations/2026-11-30T01-20-report-links.js';
import * as reportSchedules from '../migrations/2026-11-30T01-20-report-schedules.js';
import * as threadsPlatform from '../migrations/2026-11-30T02-00-threads-platform.js';
import * as blueskyPlatform from '../migrations/2026-11-30T03-00-bluesky-platform.js';
import * as bulkActions from '../migrations/2026-11-30T03-00-bulk-actions.js';
import * as linkedinPages from '../migrations/2026-11-30T03-10-linkedin-pages.js';
import * as mastodonPlatform from '../migrations/2026-11-30T03-20-mastodon-platform.js';
import * as pinterestPlatform from '../migrations/2026-11-30T03-40-pinterest-platform.js';
import * as googleBusinessPlatform from '../migrations/2026-11-30T03-50-google-business-platform.js';
import * as videoMedia from '../migrations/2026-11-30T04-00-video-media.js';
import * as snippets from '../migrations/2026-11-30T04-10-snippets.js';
import * as themeDates from '../migrations/2026-11-30T04-20-theme-dates.js';
import * as youtubePlatform from '../migrations/2026-11-30T05-00-youtube-platform.js';
import * as tiktokPlatform from '../migrations/2026-11-30T05-10-tiktok-platform.js';
import * as postOptions from '../migrations/2026-11-30T05-20-post-options.js';
import * as postingQueue from '../migrations/2026-11-30T06-00-posting-queue.js';
import * as firstComment from '../migrations/2026-11-30T06-10-first-comment.js';
import * as recurringPosts from '../migrations/2026-11-30T06-20-recurring-posts.js';
import * as carousels from '../migrations/2026-11-30T06-30-carousels.js';
import * as postGroups from '../migrations/2026-11-30T06-50-post-groups.js';
import * as composerMedia from '../migrations/2026-11-30T07-10-composer-media.js';
import * as composerVideo from '../migrations/2026-12-01T03-30-composer-video.js';
import * as postDrafts from '../migrations/2026-12-01T04-00-post-drafts.js';
import * as postAccounts from '../migrations/2026-12-01T04-10-post-accounts.js';
import * as accountBudgets from '../migrations/2026-12-01T04-20-account-budgets.js';
import type { Database } from './schema.js';

export const migrations: Record<string, Migration> = {
  '2026-11-22T00-00-initial-schema': initialSchema,
  '2026-11-22T01-00-rate-limits': rateLimits,
  '2026-11-23T00-00-pending-connections': pendingConnections,
  '2026-11-23T02-00-posts-list-indexes': postsListIndexes,
  '2026-11-24T00-00-claim-token': claimToken,
  '2026-11-24T01-00-idempotency-keys': idempotencyKeys,
  '2026-11-24T02-00-owner-proofs-and-sealed-links': ownerProofsAndSealedLinks,
  '2026-11-25T00-00-live-events': liveEvents,
  '2026-11-25T01-00-failure-digest': failureDigest,
  '2026-11-26T00-00-error-messages': errorMessages,
  '2026-11-26T01-00-worker-heartbeats': workerHeartbeats,
  '2026-11-27T00-00-post-media': postMedia,
  '2026-11-27T00-30-pending-instagram-connections': pendingInstagramConnections,
  '2026-11-27T01-00-account-health': accountHealth,
  '2026-11-27T03-17-approval-workflow': approvalWorkflow,
  '2026-11-27T03-30-network-budgets': networkBudgets,
  '2026-11-27T04-00-client-approval-links': clientApprovalLinks,
  '2026-11-27T05-10-best-time': bestTime,
  '2026-11-28T00-00-cache-invalidation': cacheInvalidation,
  '2026-11-28T00-10-posts-list-covering-index': postsListCoveringIndex,
  '2026-11-28T00-20-outcome-lookup': outcomeLookup,
  '2026-11-28T00-30-delivery-events': deliveryEvents,
  '2026-11-28T02-00-account-protection-emails': accountProtectionEmails,
  '2026-11-29T00-00-workspaces': workspaces,
  '2026-11-29T00-30-template-sample-values': templateSampleValues,
  '2026-11-30T00-00-workspace-invitations': workspaceInvitations,
  '2026-11-30T00-20-api-tokens': apiTokens,
  '2026-11-30T00-30-webhooks': webhooks,
  '2026-11-30T00-40-report-history': reportHistory,
  '2026-11-30T01-00-reports': reports,
  '2026-11-30T01-10-report-live': reportLive,
  '2026-11-30T01-20-report-links': reportLinks,
  '2026-11-30T01-20-report-schedules': reportSchedules,
  '2026-11-30T02-00-threads-platform': threadsPlatform,
  '2026-11-30T03-00-bluesky-platform': blueskyPlatform,
  '2026-11-30T03-00-bulk-actions': bulkActions,
  '2026-11-30T03-10-linkedin-pages': linkedinPages,
  '2026-11-30T03-20-mastodon-platform': mastodonPlatform,
  '2026-11-30T03-40-pinterest-platform': pinterestPlatform,
  '2026-11-30T03-50-google-business-platform': googleBusinessPlatform,
  '2026-11-30T04-00-video-media': videoMedia,
  '2026-11-30T04-10-snippets': snippets,
  '2026-11-30T04-20-theme-dates': themeDates,
  '2026-11-30T05-00-youtube-platform': youtubePlatform,
  '2026-11-30T05-10-tiktok-platform': tiktokPlatform,
  '2026-11-30T05-20-post-options': postOptions,
  '2026-11-30T06-00-posting-queue': postingQueue,
  '2026-11-30T06-10-first-comment': firstComment,
  '2026-11-30T06-20-recurring-posts': recurringPosts,
  '2026-11-30T06-30-carousels': carousels,
  '2026-11-30T06-50-post-groups': postGroups,
  '2026-11-30T07-10-composer-media': composerMedia,
  '2026-12-01T03-30-composer-video': composerVideo,
  '2026-12-01T04-00-post-drafts': postDrafts,
  '2026-12-01T04-10-post-accounts': postAccounts,
  '2026-12-01T04-20-account-budgets': accountBudgets,
};

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema to the latest migration; safe to call from several processes at once. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'desconhecida';
    throw new MigrationError(`Falha ao aplicar a migração ${failed}: ${String(result.error)}`, {
      cause: result.error,
    });
  }
  return result;
}

/** Names of migrations that exist in code but not in the database (readiness check). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const all = await migrator.getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}

export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
