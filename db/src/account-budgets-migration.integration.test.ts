// The account-budgets migration (2026-12-01T04-20-account-budgets) on PGlite and PostgreSQL: the
// index for a network budget counted per connected account (docs/budgets.md, scope `account`)
// exists, the account's count reads it (EXPLAIN) and counts the account's posts and the
// workspace's posts without an account, never the other account's; down drops it, up makes it
// again.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { parseKeyring } from './crypto.js';
import { upsertAccount } from './repositories/accounts.repository.js';
import { countBudgetPosts } from './repositories/budget.repository.js';
import { insertTheme } from './repositories/themes.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-12-01T04-20-account-budgets';
const INDEX = 'suggested_posts_account_budget_idx';
const keyring = parseKeyring(`t1:${Buffer.alloc(32, 7).toString('base64')}`);

const account = (userId: string, platformUserId: string) => ({
  userId,
  platform: 'instagram' as const,
  platformUserId,
  platformUsername: platformUserId,
  accountData: { provider: 'instagram' },
  accessToken: `token-${platformUserId}`,
  refreshToken: null,
  accessTokenExpiresAt: null,
  allowAnother: true,
});

const hasIndex = async (db: Kysely<Database>) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = ${INDEX}`.execute(db))
    .rows[0]!.n === 1;

describeMigration(`migration ${NAME}`, async (db: Kysely<Database>) => {
  const user = await createUser(db, {
    email: `ab-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  const theme = await insertTheme(db, user.id, {
    name: 'Loja',
    description: 'Posts',
    toneOfVoice: ['casual'],
    avoidTopics: [],
    socialNetworks: ['instagram'],
    frequency: 'daily',
    colorPalette: 'blue',
  });
  const centro = await upsertAccount(db, keyring, account(user.id, `centro-${randomUUID()}`));
  const bairro = await upsertAccount(db, keyring, account(user.id, `bairro-${randomUUID()}`));
  // March 2027: 30 posts of the first account a day, 2 of the second, 1 without an account
  // (several accounts: the trigger leaves it unpinned), and a failed one of the first (not counted).
  const insert = (accountId: string | null, count: number, status = 'scheduled') =>
    sql`INSERT INTO suggested_posts (user_id, workspace_id, theme_id, title, content, platform, scheduled_for, status, connected_account_id)
      SELECT ${user.id}, ${theme.workspace_id}, ${theme.id}, 'Post', 'Conteúdo', 'instagram',
        timestamptz '2027-03-01T12:00:00Z' + (g % 31) * interval '1 day' + (g / 31) * interval '1 minute',
        ${status}, ${accountId}
      FROM generate_series(0, ${count - 1}) g`.execute(db);
  await insert(centro.id, 930);
  await insert(bairro.id, 62);
  await insert(null, 31);
  await insert(centro.id, 31, 'failed');
  await sql`ANALYZE suggested_posts`.execute(db);
  expect(await hasIndex(db)).toBe(true);

  const day = { from: new Date('2027-03-10T03:00:00Z'), before: new Date('2027-03-11T03:00:00Z') };
  const count = (accountId?: string) =>
    countBudgetPosts(db, { platform: 'instagram', workspaceId: theme.workspace_id, accountId, ...day });
  expect(await count(centro.id)).toBe(30 + 1);
  expect(await count(bairro.id)).toBe(2 + 1);
  expect(await count()).toBe(30 + 2 + 1);
  // Another workspace's account id counts nothing of this one.
  expect(
    await countBudgetPosts(db, {
      platform: 'instagram',
      workspaceId: randomUUID(),
      accountId: centro.id,
      ...day,
    }),
  ).toBe(0);

  // The account's count reads the new index (both arms: the account's posts and the ones without).
  const plan = (
    await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT count(*) FROM suggested_posts
      WHERE platform = 'instagram' AND status IN ('scheduled','publishing','published','needs_attention')
        AND scheduled_for >= ${day.from} AND scheduled_for < ${day.before}
        AND workspace_id = ${theme.workspace_id}
        AND (connected_account_id = ${bairro.id} OR connected_account_id IS NULL)`.execute(db)
  ).rows
    .map((row) => row['QUERY PLAN'])
    .join('\n');
  expect(plan).toContain(INDEX);
  expect(plan).not.toContain('Seq Scan');

  await downAndUp(db, NAME, async () => {
    expect(await hasIndex(db)).toBe(false);
  });
  expect(await hasIndex(db)).toBe(true);
  expect(await count(bairro.id)).toBe(3);
});
