// The theme-dates migration (2026-11-30T04-20-theme-dates) on PGlite and PostgreSQL: existing
// themes keep their rows and get no dates, at most 10 keys, and down() then up() again.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { insertTheme, updateTheme } from './repositories/themes.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T04-20-theme-dates';

const fields = {
  name: 'Doces',
  description: 'Bolos caseiros',
  toneOfVoice: ['casual'],
  avoidTopics: [],
  socialNetworks: ['linkedin' as const],
  frequency: 'daily' as const,
  colorPalette: 'blue',
};

async function check(db: Kysely<Database>) {
  const ana = await createUser(db, {
    email: `datas-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  const plain = await insertTheme(db, ana.id, fields);
  expect(plain.commemorative_dates).toEqual([]);
  const dated = await insertTheme(db, ana.id, {
    ...fields,
    commemorativeDates: ['natal-2026', 'black-friday-2026'],
  });
  expect(dated.commemorative_dates).toEqual(['natal-2026', 'black-friday-2026']);
  // Absent on update: unchanged; given: replaced.
  expect((await updateTheme(db, ana.id, dated.id, fields))?.commemorative_dates).toEqual([
    'natal-2026',
    'black-friday-2026',
  ]);
  expect(
    (await updateTheme(db, ana.id, dated.id, { ...fields, commemorativeDates: [] }))?.commemorative_dates,
  ).toEqual([]);
  await expect(
    db
      .updateTable('themes')
      .set({ commemorative_dates: Array.from({ length: 11 }, (_, i) => `natal-${2030 + i}`) })
      .where('id', '=', dated.id)
      .execute(),
  ).rejects.toThrow();
  await db
    .updateTable('themes')
    .set({ commemorative_dates: ['natal-2026'] })
    .where('id', '=', dated.id)
    .execute();

  const count = async () =>
    Number(
      (
        await db
          .selectFrom('themes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await count();
  await downAndUp(db, NAME, async () => {
    await expect(db.selectFrom('themes').select('commemorative_dates').execute()).rejects.toThrow();
    expect(await count()).toEqual(before);
  });
  expect(await count()).toEqual(before);
  // The dates themselves do not survive a down(); the rows come back with none.
  const rows = await db.selectFrom('themes').select('commemorative_dates').execute();
  expect(rows.map((r) => r.commemorative_dates)).toEqual([[], []]);
}

describeMigration(`migration ${NAME}`, check);
