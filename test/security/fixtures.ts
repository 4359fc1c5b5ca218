// Seeded users for the security suites: a user with one of everything (theme, posts in several
// states, a publication, a publishing log, a connected account, a pending Facebook choice, a
// deletion request), and a fingerprint of every row a user owns, to prove nobody else changed it.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Platform } from '../../core/src/index.js';
import {
  createPendingConnection,
  createSnippet,
  createUser,
  createWebhookSubscription,
  type DbHandle,
  insertTheme,
  type Keyring,
  upsertAccount,
} from '../../db/src/index.js';
import { hashPassword } from '../../server/src/auth/password.js';
import { createSession } from '../../server/src/auth/session.js';
import { uniqueEmail } from '../harness.js';
import { connectThroughSandbox } from '../worker-harness.js';

/** How long the fixtures' pending choices last (a day: longer than any run). */
const FIXTURE_PENDING_TTL_MS = 24 * 60 * 60_000;

export const FIXTURE_PASSWORD = 'uma frase-senha longa o bastante';

let passwordHash: Promise<string> | null = null;
const sharedHash = () => {
  passwordHash ??= hashPassword(FIXTURE_PASSWORD);
  return passwordHash;
};

export interface SeededUser {
  id: string;
  email: string;
  password: string;
  /** A marker written into every text the user owns, to spot it in another user's response. */
  marker: string;
  themeId: string;
  /** scheduled (future), failed, published. */
  postIds: { scheduled: string; failed: string; published: string };
  publishedId: string;
  logId: string;
  accountId: string;
  pendingId: string;
  /** A pending Instagram account choice (two accounts). */
  instagramPendingId: string;
  deletionRequestId: string;
  /** A webhook subscription of the personal workspace (docs/webhooks.md). */
  webhookId: string;
  /** A done report of the personal workspace (docs/reports.md). */
  reportId: string;
  /** A saved snippet (hashtag group) of the personal workspace (docs/snippets.md). */
  snippetId: string;
}

/** Every id the user owns, for "another user's id in every uuid position". */
export function ownedIds(user: SeededUser): string[] {
  return [
    user.id,
    user.themeId,
    user.postIds.scheduled,
    user.postIds.failed,
    user.postIds.published,
    user.publishedId,
    user.logId,
    user.accountId,
    user.webhookId,
    user.reportId,
    user.snippetId,
    user.pendingId,
    user.instagramPendingId,
    user.deletionRequestId,
  ];
}

export async function seedUser(
  handle: DbHandle,
  keyring: Keyring,
  options: {
    label: string;
    role?: 'admin' | 'user';
    /** Connect the account through the sandbox's real OAuth flow instead of inserting it. */
    sandboxUrl?: string;
    platform?: Extract<Platform, 'linkedin' | 'x'>;
  },
): Promise<SeededUser> {
  const db = handle.db;
  const marker = `MARK-${options.label}-${randomUUID().slice(0, 8)}`;
  const user = await createUser(db, {
    email: uniqueEmail(options.label),
    passwordHash: await sharedHash(),
    firstName: marker,
    lastName: options.label,
  });
  if (options.role === 'admin') {
    await db.deleteFrom('user_roles').where('user_id', '=', user.id).execute();
    await db.insertInto('user_roles').values({ user_id: user.id, role: 'admin' }).execute();
  }
  const theme = await insertTheme(db, user.id, {
    name: `Tema ${marker}`,
    description: `Descrição ${marker}`,
    toneOfVoice: ['professional'],
    avoidTopics: [],
    socialNetworks: ['linkedin', 'x'],
    frequency: 'daily',
    colorPalette: 'blue',
  });
  const platform = options.platform ?? 'x';
  const post = (status: 'scheduled' | 'failed' | 'published', offsetMs: number) => ({
    theme_id: theme.id,
    user_id: user.id,
    title: `${status} ${marker}`,
    content: `Conteúdo ${status} ${marker}`,
    platform,
    post_order: offsetMs > 0 ? 2 : 1,
    scheduled_for: new Date(Date.now() + offsetMs),
    status,
    is_used: status === 'published',
    last_error: status === 'failed' ? 'recusado pela rede' : null,
  });
  const posts = await db
    .insertInto('suggested_posts')
    .values([post('scheduled', 7 * 86_400_000), post('failed', -3_600_000), post('published', -7_200_000)])
    .returning(['id', 'status'])
    .execute();
  const idOf = (status: string) => posts.find((p) => p.status === status)!.id;
  const account = options.sandboxUrl
    ? await connectThroughSandbox(handle, keyring, {
        sandboxUrl: options.sandboxUrl,
        userId: user.id,
        platform,
      })
    : await upsertAccount(db, keyring, {
        userId: user.id,
        platform,
        platformUserId: `${Date.now()}${Math.floor(Math.random() * 1e6)}`,
        platformUsername: marker,
        accountData: { provider: platform },
        accessToken: `fixture-access-${randomUUID()}`,
        refreshToken: `fixture-refresh-${randomUUID()}`,
        accessTokenExpiresAt: new Date(Date.now() + 86_400_000),
      });
  const published = await db
    .insertInto('published_posts')
    .values({
      user_id: user.id,
      theme_id: theme.id,
      suggested_post_id: idOf('published'),
      connected_account_id: account.id,
      title: `published ${marker}`,
      content: `Conteúdo publicado ${marker}`,
      platform,
      platform_post_id: `${Date.now()}`,
      url: 'https://x.com/i/status/1',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const log = await db
    .insertInto('publishing_logs')
    .values({
      user_id: user.id,
      suggested_post_id: idOf('failed'),
      attempt: 1,
      status: 'error',
      title: `failed ${marker}`,
      content: `Conteúdo failed ${marker}`,
      platform,
      error_message: 'recusado pela rede',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pendingId = await createPendingConnection(db, keyring, {
    userId: user.id,
    platform: 'facebook',
    userToken: `fixture-pending-${randomUUID()}`,
    pages: [
      { id: '30000000001', name: `Página ${marker}` },
      { id: '30000000002', name: `Outra ${marker}` },
    ],
    profile: { name: marker },
    // Past the fuzz's whole run (over 10 minutes on a busy machine): an expired row would be
    // purged by the next pending connection and read as the victim's rows changing.
    ttlMs: FIXTURE_PENDING_TTL_MS,
  });
  const instagramPendingId = await createPendingConnection(db, keyring, {
    userId: user.id,
    platform: 'instagram',
    userToken: `fixture-pending-ig-${randomUUID()}`,
    pages: [
      { id: '17841400000000001', name: `conta.${marker}`, pageName: `Página ${marker}` },
      { id: '17841400000000002', name: `outra.${marker}`, pageName: `Outra ${marker}` },
    ],
    profile: { name: marker },
    // Past the fuzz's whole run (over 10 minutes on a busy machine): an expired row would be
    // purged by the next pending connection and read as the victim's rows changing.
    ttlMs: FIXTURE_PENDING_TTL_MS,
  });
  const webhook = await createWebhookSubscription(db, keyring, {
    workspaceId: user.id,
    url: 'https://93.184.215.14/pauta',
    events: ['post.published'],
    createdBy: user.id,
    requestKey: randomUUID(),
  });
  const snippet = await createSnippet(db, {
    workspaceId: user.id,
    userId: user.id,
    kind: 'hashtags',
    name: `Hashtags ${marker}`,
    text: '#confeitaria #bolo',
    max: 50,
  });
  if (!snippet.ok) throw new Error(`snippet fixture: ${snippet.reason}`);
  const reportId = randomUUID();
  const report = await db
    .insertInto('reports')
    .values({
      id: reportId,
      pdf_key: `reports/${user.id}/${reportId}.pdf`,
      workspace_id: user.id,
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      note: `Nota ${marker}`,
      requested_by: user.id,
      status: 'done',
      progress: 100,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const deletion = await db
    .insertInto('data_deletion_requests')
    .values({
      user_id: user.id,
      email: user.email,
      reason: `Motivo ${marker}`,
      confirmed_at: new Date(),
      confirmed_by: 'session',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: user.id,
    email: user.email,
    password: FIXTURE_PASSWORD,
    marker,
    themeId: theme.id,
    postIds: { scheduled: idOf('scheduled'), failed: idOf('failed'), published: idOf('published') },
    publishedId: published.id,
    logId: log.id,
    accountId: account.id,
    webhookId: webhook!.subscription.id,
    reportId: report.id,
    snippetId: snippet.snippet.id,
    pendingId,
    instagramPendingId,
    deletionRequestId: deletion.id,
  };
}

export async function sessionFor(handle: DbHandle, userId: string) {
  return createSession(handle.db, userId, { persistent: false });
}

/** Tables with a column that names the owning user (users and profiles are keyed by it). */
async function ownedTables(handle: DbHandle): Promise<{ table: string; column: string }[]> {
  const rows = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      AND (c.column_name IN ('user_id', 'workspace_id')
        OR (c.table_name IN ('users', 'profiles', 'workspaces') AND c.column_name = 'id'))
    ORDER BY c.table_name`.execute(handle.db);
  return rows.rows.map((r) => ({ table: r.table_name, column: r.column_name }));
}

let tablesCache: Promise<{ table: string; column: string }[]> | null = null;

/**
 * md5 of row_to_json of every row the user owns — by user_id, and in their personal workspace
 * (workspace_id = their id; docs/workspaces.md) — per table and column, in one round trip. Sessions are left
 * out: validating the user's own cookie legitimately touches them.
 */
export async function rowHashes(handle: DbHandle, userId: string): Promise<Record<string, string>> {
  tablesCache ??= ownedTables(handle);
  const tables = (await tablesCache).filter((t) => t.table !== 'auth_sessions');
  const parts = tables.map(
    ({
      table,
      column,
    }) => sql`SELECT ${`${table}.${column}`}::text AS t, count(*)::text || ':' || coalesce(md5(string_agg(md5(row_to_json(x)::text), ',' ORDER BY md5(row_to_json(x)::text))), '-') AS h
      FROM ${sql.table(table)} x WHERE ${sql.ref(`x.${column}`)} = ${userId}::uuid`,
  );
  const result = await sql<{ t: string; h: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(handle.db);
  return Object.fromEntries(result.rows.map((r) => [r.t, r.h]));
}

/** The tables whose fingerprint differs, for a readable failure. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}

/** What admin procedures act on: a throwaway user, an email template and a deletion request. */
export interface AdminTargets {
  userId: string;
  email: string;
  templateId: string;
  deletionRequestId: string;
}

export async function seedAdminTargets(handle: DbHandle): Promise<AdminTargets> {
  const db = handle.db;
  const user = await createUser(db, { email: uniqueEmail('alvo'), passwordHash: null, firstName: 'Alvo' });
  const template = await db
    .insertInto('email_templates')
    .values({
      template_name: `modelo_${randomUUID().slice(0, 8)}`,
      subject: 'Assunto',
      html_content: '<p>Olá {{first_name}}</p>',
      variables: JSON.stringify({ first_name: 'Nome' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const deletion = await db
    .insertInto('data_deletion_requests')
    .values({
      user_id: user.id,
      email: user.email,
      reason: 'Quero sair',
      confirmed_at: new Date(),
      confirmed_by: 'session',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: user.id, email: user.email, templateId: template.id, deletionRequestId: deletion.id };
}
