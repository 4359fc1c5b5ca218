// "Repetir" saves the series in the WORKSPACE's zone (docs/recurring-posts.md "Time zone"), not in
// the zone of the person saving it: the stored zone is workspaces.timezone, and "Numa data" is
// checked against the workspace's local day. Real PostgreSQL, a fixed clock.
import { AppError } from '@pauta/core';
import { createUser, type DbHandle, insertScheduledPosts, setWorkspaceTimeZone } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, uniqueEmail } from '../../../test/harness.js';
import { insertTestTheme, testDeps } from '../../../test/server-harness.js';
import { setRecurrence } from './recurrence.service.js';

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle?.close();
});

// 2027-03-02 00:30 in São Paulo, but still Monday 2027-03-01 22:30 in New York.
const NOW = new Date('2027-03-02T03:30:00Z');
const deps = () => ({ ...testDeps(handle), now: () => NOW });

/** A person in São Paulo whose workspace is on New York time (null: no zone of its own), with a post. */
async function setup(workspaceZone: string | null) {
  const user = await createUser(handle.db, {
    email: uniqueEmail('serie-fuso'),
    passwordHash: null,
    timezone: 'America/Sao_Paulo',
  });
  if (workspaceZone) await setWorkspaceTimeZone(handle.db, user.id, workspaceZone);
  const theme = await insertTestTheme(handle, user.id);
  const [post] = await insertScheduledPosts(handle.db, {
    userId: user.id,
    themeId: theme.id,
    posts: [
      {
        title: 'Dica',
        content: 'Beba água.',
        platform: 'linkedin',
        postOrder: 1,
        scheduledFor: new Date('2027-03-08T15:00:00Z'),
      },
    ],
  });
  const zoneOfSeries = async () =>
    (
      await handle.db
        .selectFrom('post_series')
        .innerJoin('suggested_posts as p', 'p.series_id', 'post_series.id')
        .select('post_series.time_zone')
        .where('p.id', '=', post!.id)
        .executeTakeFirstOrThrow()
    ).time_zone;
  return { workspaceId: user.id, userId: user.id, postId: post!.id, zoneOfSeries };
}

describe('setRecurrence in the workspace zone', () => {
  it("stores the workspace's zone and takes its local day as today for “Numa data”", async () => {
    const { zoneOfSeries, ...ids } = await setup('America/New_York');
    // 2027-03-01 is already past in São Paulo, but it is today in New York: accepted.
    const saved = await setRecurrence(deps(), {
      ...ids,
      rule: { kind: 'weeks', interval: 1, maxOccurrences: null, untilDate: '2027-03-01' },
    });
    expect(saved.id).toBe(ids.postId);
    expect(await zoneOfSeries()).toBe('America/New_York');
  });

  it("without a zone of the workspace, uses its owner's (São Paulo), where 2027-03-01 is past", async () => {
    const { zoneOfSeries, ...ids } = await setup(null);
    const refused = await setRecurrence(deps(), {
      ...ids,
      rule: { kind: 'weeks', interval: 1, maxOccurrences: null, untilDate: '2027-03-01' },
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).details).toMatchObject({ field: 'untilDate', reason: 'PAST' });
    await setRecurrence(deps(), {
      ...ids,
      rule: { kind: 'weeks', interval: 1, maxOccurrences: 3, untilDate: null },
    });
    expect(await zoneOfSeries()).toBe('America/Sao_Paulo');
  });
});
