// The recurring-posts migration (2026-11-30T06-20-recurring-posts) on PGlite and PostgreSQL: a
// post starts a series as occurrence 1, the stop rule is required by the database, the next
// occurrence is inserted once however many callers race (UNIQUE (series_id, series_occurrence)),
// copies the image references, announces itself as a live event, and nothing is inserted from a
// post that is not published or from a stopped series; down() then up() again.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import {
  findSeriesContinuations,
  findSeriesOfPosts,
  insertNextOccurrence,
  setPostRecurrence,
  stopPostSeries,
} from './repositories/post-series.repository.js';
import { insertScheduledPosts } from './repositories/posts.repository.js';
import { insertTheme } from './repositories/themes.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T06-20-recurring-posts';

async function check(db: Kysely<Database>) {
  const ana = await createUser(db, {
    email: `serie-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  const theme = await insertTheme(db, ana.id, {
    name: 'Dicas',
    description: 'Dicas semanais',
    toneOfVoice: ['casual'],
    avoidTopics: [],
    socialNetworks: ['linkedin'],
    frequency: 'daily',
    colorPalette: 'blue',
  });
  const workspaceId = theme.workspace_id;
  const at = new Date('2026-12-02T13:00:00Z');
  const [post] = await insertScheduledPosts(db, {
    userId: ana.id,
    themeId: theme.id,
    posts: [{ title: 'Dica', content: 'Beba água.', platform: 'linkedin', postOrder: 1, scheduledFor: at }],
  });
  const set = await setPostRecurrence(db, {
    workspaceId,
    postId: post!.id,
    userId: ana.id,
    rule: { kind: 'weeks', interval: 1, maxOccurrences: 3, untilDate: null },
    timeZone: 'America/Sao_Paulo',
  });
  expect(set).toMatchObject({ kind: 'ok', occurrence: 1, series: { kind: 'weeks', maxOccurrences: 3 } });
  const seriesId = set.kind === 'ok' ? set.series.id : '';
  // Another workspace's id sees nothing.
  expect(
    await setPostRecurrence(db, {
      workspaceId: randomUUID(),
      postId: post!.id,
      userId: ana.id,
      rule: { kind: 'days', interval: 1, maxOccurrences: 3, untilDate: null },
      timeZone: 'UTC',
    }),
  ).toEqual({ kind: 'not_found' });
  // The database refuses a series without a stop rule, or with both.
  await expect(
    db
      .insertInto('post_series')
      .values({
        workspace_id: workspaceId,
        kind: 'days',
        interval_count: 1,
        max_occurrences: null,
        until_date: null,
        time_zone: 'UTC',
      })
      .execute(),
  ).rejects.toThrow();
  await expect(
    db
      .insertInto('post_series')
      .values({
        workspace_id: workspaceId,
        kind: 'days',
        interval_count: 1,
        max_occurrences: 3,
        until_date: '2027-01-01',
        time_zone: 'UTC',
      })
      .execute(),
  ).rejects.toThrow();

  // Not published yet: nothing to continue, and the fenced insert writes nothing.
  const next = {
    sourcePostId: post!.id,
    occurrence: 2,
    scheduledFor: new Date('2026-12-09T13:00:00Z'),
    content: 'Beba água.',
    refused: null,
  };
  expect(await findSeriesContinuations(db, { postId: post!.id })).toEqual([]);
  expect(await insertNextOccurrence(db, next)).toBeNull();

  // Published (as the worker's completion leaves it), with an image.
  await db
    .updateTable('suggested_posts')
    .set({ status: 'published', is_used: true })
    .where('id', '=', post!.id)
    .execute();
  await db
    .insertInto('published_posts')
    .values({
      user_id: ana.id,
      theme_id: theme.id,
      suggested_post_id: post!.id,
      title: 'Dica',
      content: 'Beba água.',
      platform: 'linkedin',
    })
    .execute();
  await db
    .insertInto('post_media')
    .values({
      id: randomUUID(),
      post_id: post!.id,
      user_id: ana.id,
      position: 0,
      storage_key: 'media/a.jpg',
      thumb_key: 'media/a-thumb.jpg',
      mime_type: 'image/jpeg',
      width: 800,
      height: 600,
      size_bytes: 1000,
    })
    .execute();
  expect((await findSeriesContinuations(db, { postId: post!.id })).map((r) => r.occurrence)).toEqual([1]);
  const eventsBefore = Number(
    (
      await db
        .selectFrom('live_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

  // Five callers at once (PGlite serialises them; PostgreSQL runs them on the pool): one row.
  const results = await Promise.all(Array.from({ length: 5 }, () => insertNextOccurrence(db, next)));
  expect(results.filter((r) => r !== null)).toHaveLength(1);
  const made = results.find((r) => r !== null)!;
  const occurrences = await db
    .selectFrom('suggested_posts')
    .select(['id', 'series_occurrence', 'status', 'scheduled_for', 'content'])
    .where('series_id', '=', seriesId)
    .orderBy('series_occurrence')
    .execute();
  expect(occurrences.map((o) => [o.series_occurrence, o.status])).toEqual([
    [1, 'published'],
    [2, 'scheduled'],
  ]);
  const media = await db
    .selectFrom('post_media')
    .select(['storage_key', 'thumb_key'])
    .where('post_id', '=', made.id)
    .execute();
  expect(media).toEqual([{ storage_key: 'media/a.jpg', thumb_key: 'media/a-thumb.jpg' }]);
  const event = await db.selectFrom('live_events').selectAll().where('post_id', '=', made.id).execute();
  expect(event).toMatchObject([
    { kind: 'post', status: 'scheduled', platform: 'linkedin', workspace_id: workspaceId },
  ]);
  const eventsAfter = Number(
    (
      await db
        .selectFrom('live_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  expect(eventsAfter - eventsBefore).toBe(1);
  expect(await findSeriesContinuations(db, { postId: post!.id })).toEqual([]);
  // The unique key itself, whatever the statement: a second occurrence 2 is refused.
  await expect(
    sql`INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, series_id, series_occurrence)
        VALUES (${theme.id}, ${ana.id}, 'x', 'x', 'linkedin', ${seriesId}, 2)`.execute(db),
  ).rejects.toThrow();

  const summary = (await findSeriesOfPosts(db, workspaceId, [post!.id, made.id])).get(made.id);
  expect(summary).toMatchObject({
    occurrence: 2,
    maxOccurrences: 3,
    nextAt: new Date('2026-12-09T13:00:00Z'),
  });
  // Stopped: nothing more is inserted, even from a published occurrence.
  await db.updateTable('suggested_posts').set({ status: 'published' }).where('id', '=', made.id).execute();
  expect(await stopPostSeries(db, { workspaceId, postId: made.id })).toBe(true);
  expect(await stopPostSeries(db, { workspaceId, postId: made.id })).toBe(true);
  expect(await insertNextOccurrence(db, { ...next, sourcePostId: made.id, occurrence: 3 })).toBeNull();

  const count = async () =>
    Number(
      (
        await db
          .selectFrom('suggested_posts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  await downAndUp(db, NAME, async () => {
    await expect(db.selectFrom('suggested_posts').select('series_id').execute()).rejects.toThrow();
    expect(await count()).toBe(2);
  });
  expect(await count()).toBe(2);
  expect(await db.selectFrom('post_series').selectAll().execute()).toEqual([]);
  // Down kept one row per stored file (the first), and the key is unique again while down.
  expect(await db.selectFrom('post_media').select('post_id').execute()).toEqual([{ post_id: post!.id }]);
}

describeMigration(`migration ${NAME}`, check);
