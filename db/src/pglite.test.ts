// The embedded engine runs the very same migrations and repository code as PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client.js';
import { migrateToLatest, pendingMigrations } from './migrations.js';
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
});
