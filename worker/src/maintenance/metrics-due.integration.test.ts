// Early metrics reads (issue 13): a post published 20 min ago whose +15 min read is due is read
// once, moved to its +1 h milestone, and not read again by the next scan; a post past +24 h leaves
// the early schedule (the regular sync takes over).
import { advanceMetricsDue, type DbHandle, insertTheme, parseKeyring, upsertAccount } from '@pauta/db';
import type { NetworkAdapter } from '@pauta/networks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb, makeUser } from '../../../test/harness.js';
import { createLogger } from '../logger.js';
import { syncMetrics } from './metrics-sync.js';

let handle: DbHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ handle, drop } = await isolatedDb());
});
afterAll(async () => drop());

const keyring = parseKeyring(`t1:${Buffer.alloc(32, 7).toString('base64')}`);
const logger = createLogger({ level: 'silent', pretty: false });

async function publishedPost(publishedMinutesAgo: number) {
  const user = await makeUser(handle, 'metrics-due');
  const account = await upsertAccount(handle.db, keyring, {
    userId: user.id,
    platform: 'x',
    platformUserId: `x-${user.id.slice(0, 8)}`,
    platformUsername: 'teste',
    accountData: {},
    accessToken: 'token',
    refreshToken: null,
    accessTokenExpiresAt: null,
  });
  const theme = await insertTheme(handle.db, user.id, {
    name: 'Tema',
    description: 'Descrição',
    toneOfVoice: ['professional'],
    avoidTopics: [],
    socialNetworks: ['x'],
    frequency: 'daily',
    colorPalette: 'blue',
  });
  return handle.db
    .insertInto('published_posts')
    .values({
      user_id: user.id,
      theme_id: theme.id,
      connected_account_id: account.id,
      title: 't',
      content: 'c',
      platform: 'x',
      platform_post_id: `tweet-${user.id.slice(0, 8)}`,
      published_at: sql<Date>`now() - make_interval(mins => ${publishedMinutesAgo})`,
    })
    .returning(['id', 'published_at', 'metrics_due_at'])
    .executeTakeFirstOrThrow();
}

describe('early metrics reads', () => {
  it('a new publication is due at +15 min; a due read happens once and moves to +1 h, then +24 h, then none', async () => {
    const fresh = await publishedPost(0);
    expect(fresh.metrics_due_at!.getTime() - fresh.published_at.getTime()).toBe(15 * 60_000);

    const post = await publishedPost(20);
    await handle.db
      .updateTable('published_posts')
      .set({ metrics_due_at: sql<Date>`published_at + interval '15 minutes'` })
      .where('id', '=', post.id)
      .execute();
    const reads: string[][] = [];
    const adapter = {
      platform: 'x',
      publish: async () => ({ platformPostId: 'n/a', url: null }),
      fetchMetrics: async ({ platformPostIds }: { platformPostIds: string[] }) => {
        reads.push(platformPostIds);
        return new Map(platformPostIds.map((id) => [id, { reach: 200, likes: 10, comments: 2 }]));
      },
    } as unknown as NetworkAdapter;
    const run = () =>
      syncMetrics({
        db: handle.db,
        keyring,
        logger,
        adapter: () => adapter,
        oauth: () => null,
        now: () => new Date(),
        staleAfterMs: 0,
        due: true,
      });

    expect(await run()).toEqual({ updated: 1, failed: 0 });
    const after = await handle.db
      .selectFrom('published_posts')
      .select(['reach', 'engagement_rate', 'metrics_due_at', 'published_at'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(after.reach).toBe(200);
    expect(after.metrics_due_at!.getTime() - after.published_at.getTime()).toBe(3_600_000);
    // Nothing due now: the next scan reads nothing (idempotent).
    expect(await run()).toEqual({ updated: 0, failed: 0 });
    expect(reads).toHaveLength(1);

    // Past +24 h: leaves the early schedule.
    await handle.db
      .updateTable('published_posts')
      .set({
        published_at: sql<Date>`now() - interval '25 hours'`,
        metrics_due_at: sql<Date>`now() - interval '1 minute'`,
      })
      .where('id', '=', post.id)
      .execute();
    await advanceMetricsDue(handle.db, [post.id]);
    const done = await handle.db
      .selectFrom('published_posts')
      .select('metrics_due_at')
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(done.metrics_due_at).toBeNull();
  });
});
