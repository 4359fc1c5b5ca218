// The embedded engine runs the very same migrations and repository code as PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client.js';
import { migrateToLatest, pendingMigrations } from './migrations.js';
import { readBestTimeCells } from './repositories/best-time.repository.js';
import { getNumberSetting } from './repositories/settings.repository.js';
import { countThemes, deleteTheme, insertTheme, listThemes } from './repositories/themes.repository.js';
import { createUser, findUserByEmail, hasRole } from './repositories/users.repository.js';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb({});
  await migrateToLatest(handle.db);
}, 60_000);
afterAll(async () => handle?.close());

describe('PGlite (embedded mode)', () => {
  it('applies every migration', async () => {
    expect(handle.engine).toBe('pglite');
    expect(await pendingMigrations(handle.db)).toEqual([]);
    expect(await getNumberSetting(handle.db, 'max_themes_per_user', 0)).toBe(10);
  });

  it('starts a second database from a dump of the first: its rows and migrations, nothing shared after', async () => {
    const user = await createUser(handle.db, { email: 'dump@exemplo.com', passwordHash: null });
    const copy = await createDb({ pgliteLoadDataDir: await handle.dumpDataDir!() });
    try {
      expect(await pendingMigrations(copy.db)).toEqual([]);
      expect((await findUserByEmail(copy.db, 'dump@exemplo.com'))?.id).toBe(user.id);
      await createUser(copy.db, { email: 'so-na-copia@exemplo.com', passwordHash: null });
      expect(await findUserByEmail(handle.db, 'so-na-copia@exemplo.com')).toBeUndefined();
    } finally {
      await copy.close();
    }
  }, 60_000);

  it('runs the user, role and theme repositories', async () => {
    const user = await createUser(handle.db, {
      email: 'Ana@Exemplo.com',
      passwordHash: null,
      firstName: 'Ana',
    });
    expect((await findUserByEmail(handle.db, 'ana@exemplo.com'))?.id).toBe(user.id);
    expect(await hasRole(handle.db, user.id, 'admin')).toBe(false);

    const theme = await insertTheme(handle.db, user.id, {
      name: 'Receitas',
      description: 'Receitas rápidas',
      toneOfVoice: ['casual'],
      avoidTopics: ['politics'],
      socialNetworks: ['facebook', 'x'],
      frequency: 'daily',
      colorPalette: 'orange',
    });
    expect(theme.social_networks).toEqual(['facebook', 'x']);
    await handle.db
      .insertInto('suggested_posts')
      .values({ theme_id: theme.id, user_id: user.id, title: 't', content: 'c', platform: 'x' })
      .execute();
    expect(await countThemes(handle.db, user.id)).toBe(1);
    expect((await listThemes(handle.db, user.id))[0]?.name).toBe('Receitas');
    expect(await deleteTheme(handle.db, user.id, theme.id)).not.toBeNull();
    const left = await handle.db.selectFrom('suggested_posts').select('id').execute();
    expect(left).toEqual([]);
  });

  it('runs the best-time aggregate with IANA zones (docs/best-time.md)', async () => {
    const user = await createUser(handle.db, {
      email: 'horarios@exemplo.com',
      passwordHash: null,
      firstName: 'Bia',
    });
    // 13:30Z: 08h EST on Saturday 2025-03-08, 09h EDT on Sunday 2025-03-09 in New York.
    for (const [at, rate] of [
      ['2025-03-08T13:30:00Z', 1],
      ['2025-03-09T13:30:00Z', 3],
    ] as const)
      await handle.db
        .insertInto('published_posts')
        .values({
          user_id: user.id,
          title: 'P',
          content: 'C',
          platform: 'x',
          published_at: new Date(at),
          engagement_rate: rate,
        })
        .execute();
    const cells = await readBestTimeCells(handle.db, {
      workspaceId: user.id,
      timeZone: 'America/New_York',
      since: new Date('2025-01-01T00:00:00Z'),
      until: new Date('2026-01-01T00:00:00Z'),
    });
    expect(cells.sort((a, b) => a.weekday - b.weekday)).toEqual([
      { platform: 'x', weekday: 0, hour: 9, posts: 1, percentileSum: 0.75 },
      { platform: 'x', weekday: 6, hour: 8, posts: 1, percentileSum: 0.25 },
    ]);
  });
});
