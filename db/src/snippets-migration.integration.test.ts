// The snippets migration (2026-11-30T04-10-snippets) on PGlite and PostgreSQL: a populated
// database keeps its rows, names are unique per workspace whatever their case, the lengths and
// kinds are checked, a workspace's deletion takes its snippets, and down() then up() again.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T04-10-snippets';

async function check(db: Kysely<Database>) {
  const newUser = () =>
    createUser(db, { email: `trechos-${randomUUID().slice(0, 6)}@teste.pauta.dev`, passwordHash: null });
  const counts = async () => ({
    users: Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    workspaces: Number(
      (
        await db
          .selectFrom('workspaces')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });
  const ana = await newUser();
  const bia = await newUser();
  const snippet = (workspaceId: string, name: string, extra: Partial<{ kind: string; text: string }> = {}) =>
    db
      .insertInto('snippets')
      .values({
        workspace_id: workspaceId,
        kind: (extra.kind ?? 'hashtags') as 'hashtags',
        name,
        text: extra.text ?? '#bolo',
        position: 0,
        created_by: workspaceId,
      })
      .execute();

  await snippet(ana.id, 'Doces');
  await expect(snippet(ana.id, 'DOCES')).rejects.toThrow();
  await snippet(bia.id, 'Doces');
  await expect(snippet(ana.id, 'Outro', { kind: 'emoji' })).rejects.toThrow();
  await expect(snippet(ana.id, 'n'.repeat(61))).rejects.toThrow();
  await expect(snippet(ana.id, 'Longo', { text: 'a'.repeat(501) })).rejects.toThrow();
  await expect(snippet(ana.id, 'Vazio', { text: '' })).rejects.toThrow();

  const before = await counts();
  await downAndUp(db, NAME, async () => {
    await expect(db.selectFrom('snippets').select('id').execute()).rejects.toThrow();
    expect(await counts()).toEqual(before);
  });
  expect(await counts()).toEqual(before);
  await snippet(ana.id, 'Doces');
  await snippet(bia.id, 'Doces');
  await db.deleteFrom('workspaces').where('id', '=', ana.id).execute();
  const left = await db.selectFrom('snippets').select('workspace_id').where('name', '=', 'Doces').execute();
  expect(left.map((r) => r.workspace_id)).toEqual([bia.id]);
}

describeMigration(`migration ${NAME}`, check);
