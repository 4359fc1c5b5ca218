// Recurring posts follow the WORKSPACE's zone (docs/recurring-posts.md "Time zone"): the next
// occurrence is computed in workspaces.timezone as it is now — not in the zone of whoever saved the
// rule — and keeps its local wall time across that zone's DST change. Real PostgreSQL, the
// worker's own continueSeries, an injected clock.
import type { WakeUp } from '@pauta/core/schemas/jobs';
import { type DbHandle, insertScheduledPosts, insertTheme, setPostRecurrence } from '@pauta/db';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../../test/harness.js';
import { continueSeries } from './series.js';

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle?.close();
});

/** A weekly series on a LinkedIn post at `at`, published; the rule saved with zone `savedZone`. */
async function publishedWeekly(label: string, at: Date, savedZone: string, workspaceZone: string | null) {
  const ana = await makeUser(handle, label);
  const theme = await insertTheme(handle.db, ana.id, {
    name: 'Dicas',
    description: 'Dicas semanais',
    toneOfVoice: ['casual'],
    avoidTopics: [],
    socialNetworks: ['linkedin'],
    frequency: 'daily',
    colorPalette: 'blue',
  });
  await handle.db
    .updateTable('workspaces')
    .set({ timezone: workspaceZone })
    .where('id', '=', theme.workspace_id)
    .execute();
  const [post] = await insertScheduledPosts(handle.db, {
    userId: ana.id,
    themeId: theme.id,
    posts: [{ title: 'Dica', content: 'Beba água.', platform: 'linkedin', postOrder: 1, scheduledFor: at }],
  });
  const set = await setPostRecurrence(handle.db, {
    workspaceId: theme.workspace_id,
    postId: post!.id,
    userId: ana.id,
    rule: { kind: 'weeks', interval: 1, maxOccurrences: 5, untilDate: null },
    timeZone: savedZone,
  });
  expect(set.kind).toBe('ok');
  await handle.db
    .updateTable('suggested_posts')
    .set({ status: 'published', is_used: true })
    .where('id', '=', post!.id)
    .execute();
  await handle.db
    .insertInto('published_posts')
    .values({
      user_id: ana.id,
      theme_id: theme.id,
      suggested_post_id: post!.id,
      title: 'Dica',
      content: 'Beba água.',
      platform: 'linkedin',
      published_at: new Date(at.getTime() + 60_000),
    })
    .execute();
  return { postId: post!.id, seriesId: set.kind === 'ok' ? set.series.id : '' };
}

async function next(postId: string, now: Date): Promise<Date | null> {
  const enqueued: WakeUp[] = [];
  await continueSeries(
    {
      db: handle.db,
      logger: pino({ level: 'silent' }),
      now: () => now,
      writeVariation: async () => null,
      enqueue: async (wakeUps) => {
        enqueued.push(...wakeUps);
      },
    },
    { postId },
  );
  const source = await handle.db
    .selectFrom('suggested_posts')
    .select('series_id')
    .where('id', '=', postId)
    .executeTakeFirstOrThrow();
  const row = await handle.db
    .selectFrom('suggested_posts')
    .select('scheduled_for')
    .where('series_id', '=', source.series_id)
    .where('series_occurrence', '=', 2)
    .executeTakeFirst();
  return row?.scheduled_for ?? null;
}

describe('continueSeries in the workspace zone', () => {
  it('keeps 10:00 New York time across the March DST change, though the rule was saved from São Paulo', async () => {
    // Monday 2027-03-08 10:00 EST (15:00Z); DST starts 2027-03-14: the next Monday 10:00 is EDT (14:00Z).
    const at = new Date('2027-03-08T15:00:00Z');
    const { postId } = await publishedWeekly('serie-ny', at, 'America/Sao_Paulo', 'America/New_York');
    expect((await next(postId, new Date('2027-03-08T15:05:00Z')))?.toISOString()).toBe(
      '2027-03-15T14:00:00.000Z',
    );
  });

  it('follows a zone changed on the workspace after the rule was saved (and across the November change)', async () => {
    // Monday 2027-11-01 10:00 EDT (14:00Z); DST ends 2027-11-07: the next Monday 10:00 is EST (15:00Z).
    const at = new Date('2027-11-01T14:00:00Z');
    const { postId } = await publishedWeekly('serie-ny-mudou', at, 'America/Sao_Paulo', null);
    await handle.db
      .updateTable('workspaces')
      .set({ timezone: 'America/New_York' })
      .where(
        'id',
        '=',
        (
          await handle.db
            .selectFrom('suggested_posts')
            .select('workspace_id')
            .where('id', '=', postId)
            .executeTakeFirstOrThrow()
        ).workspace_id,
      )
      .execute();
    expect((await next(postId, new Date('2027-11-01T14:05:00Z')))?.toISOString()).toBe(
      '2027-11-08T15:00:00.000Z',
    );
  });

  it('without a workspace zone, uses the zone stored with the series (São Paulo: no DST, same UTC hour)', async () => {
    const at = new Date('2027-03-08T13:00:00Z'); // 10:00 in São Paulo
    const { postId } = await publishedWeekly('serie-sp', at, 'America/Sao_Paulo', null);
    expect((await next(postId, new Date('2027-03-08T13:05:00Z')))?.toISOString()).toBe(
      '2027-03-15T13:00:00.000Z',
    );
  });
});
