// The posting-queue migration (2026-11-30T06-00-posting-queue) on PGlite and PostgreSQL: slots are
// unique per account and weekday/time and go with their account, a second queued post in one
// slot of an account is refused, a post moving inside a queue writes a live event, existing rows
// keep their values; down() then up() again.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { parseKeyring } from './crypto.js';
import { upsertAccount } from './repositories/accounts.repository.js';
import {
  findQueueTimeZone,
  replaceQueueSlots,
  setWorkspaceTimeZone,
} from './repositories/posting-queue.repository.js';
import { insertScheduledPosts } from './repositories/posts.repository.js';
import { insertTheme } from './repositories/themes.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T06-00-posting-queue';
const KEYS = parseKeyring(`t1:${Buffer.alloc(32, 7).toString('base64')}`);

async function check(db: Kysely<Database>) {
  const ana = await createUser(db, {
    email: `fila-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
    timezone: 'America/Recife',
  });
  const theme = await insertTheme(db, ana.id, {
    name: 'Pães',
    description: 'Padaria do bairro',
    toneOfVoice: ['casual'],
    avoidTopics: [],
    socialNetworks: ['linkedin'],
    frequency: 'daily',
    colorPalette: 'blue',
  });
  expect(theme.use_queue).toBe(false);
  const workspaceId = theme.workspace_id;
  // The zone: the owner's until the workspace has its own.
  expect(await findQueueTimeZone(db, workspaceId)).toBe('America/Recife');
  await setWorkspaceTimeZone(db, workspaceId, 'America/Manaus');
  expect(await findQueueTimeZone(db, workspaceId)).toBe('America/Manaus');

  const account = await upsertAccount(db, KEYS, {
    userId: ana.id,
    workspaceId,
    platform: 'linkedin',
    platformUserId: `li-${randomUUID().slice(0, 8)}`,
    platformUsername: 'padaria',
    accountData: { name: 'Padaria' },
    accessToken: 'token',
    refreshToken: null,
    accessTokenExpiresAt: null,
  });
  expect(
    await replaceQueueSlots(db, {
      workspaceId,
      accountId: account.id,
      slots: [
        { weekday: 1, minute: 600 },
        { weekday: 1, minute: 600 },
      ],
    }),
  ).toBe(true);
  const slots = await db
    .selectFrom('queue_slots')
    .selectAll()
    .where('connected_account_id', '=', account.id)
    .execute();
  expect(slots).toHaveLength(1);
  await expect(
    db
      .insertInto('queue_slots')
      .values({ workspace_id: workspaceId, connected_account_id: account.id, weekday: 7, minute: 0 })
      .execute(),
  ).rejects.toThrow();
  // A slot cannot point at another workspace's account.
  const bia = await createUser(db, {
    email: `fila-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  await expect(
    db
      .insertInto('queue_slots')
      .values({ workspace_id: bia.id, connected_account_id: account.id, weekday: 1, minute: 0 })
      .execute(),
  ).rejects.toThrow();

  const at = new Date('2027-03-01T13:00:00Z');
  const [a, b] = await insertScheduledPosts(db, {
    userId: ana.id,
    themeId: theme.id,
    posts: [
      { title: 'a', content: 'Pão', platform: 'linkedin', postOrder: 1, scheduledFor: at },
      { title: 'b', content: 'Bolo', platform: 'linkedin', postOrder: 2, scheduledFor: at },
    ],
  });
  const events = async () =>
    Number(
      (
        await db
          .selectFrom('live_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('workspace_id', '=', workspaceId)
          .where('kind', '=', 'bulk')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await events();
  await db
    .updateTable('suggested_posts')
    .set({ queue_account_id: account.id })
    .where('id', '=', a!.id)
    .execute();
  expect(await events()).toBe(before + 1);
  // Two posts at one instant are fine; two queued on one account's slot are not.
  await expect(
    db.updateTable('suggested_posts').set({ queue_account_id: account.id }).where('id', '=', b!.id).execute(),
  ).rejects.toThrow();
  // A published post leaves the index: the slot's time is history.
  await db.updateTable('suggested_posts').set({ status: 'published' }).where('id', '=', a!.id).execute();
  await db
    .updateTable('suggested_posts')
    .set({ queue_account_id: account.id })
    .where('id', '=', b!.id)
    .execute();

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
    await expect(db.selectFrom('queue_slots').selectAll().execute()).rejects.toThrow();
    await expect(db.selectFrom('suggested_posts').select('queue_account_id').execute()).rejects.toThrow();
    expect(await count()).toBe(2);
  });
  expect(await count()).toBe(2);
  expect(await db.selectFrom('queue_slots').selectAll().execute()).toEqual([]);
  expect(await findQueueTimeZone(db, workspaceId)).toBe('America/Recife');
}

describeMigration(`migration ${NAME}`, check);
