import type { Frequency, Platform } from '@pauta/core';
import type { Kysely } from 'kysely';
import { compileOnce } from '../compiled.js';
import type { Database, Theme } from '../schema.js';
import type { DeletedPost } from './scheduled-posts.repository.js';
import { type Actor, actorOf, lockWorkspace } from './workspaces.repository.js';

export interface ThemeFields {
  name: string;
  description: string;
  toneOfVoice: string[];
  avoidTopics: string[];
  socialNetworks: Platform[];
  frequency: Frequency;
  colorPalette: string;
  /** Only at creation; an existing theme switches through setThemeApproval (approval.repository). */
  requiresApproval?: boolean;
  /** "Usar o melhor horário de cada rede"; absent: off at creation, unchanged on update. */
  useBestTime?: boolean;
  /** "Preencher a fila de publicação" (docs/posting-queue.md); absent: off at creation, unchanged on update. */
  useQueue?: boolean;
  /** Commemorative date keys (docs/commemorative-dates.md); absent: none at creation, unchanged on update. */
  commemorativeDates?: string[];
}

/** The columns a theme's form always sets, on insert and on update alike. */
function themeContent(fields: ThemeFields) {
  return {
    name: fields.name,
    description: fields.description,
    tone_of_voice: fields.toneOfVoice,
    avoid_topics: fields.avoidTopics,
    social_networks: fields.socialNetworks,
    frequency: fields.frequency,
    color_palette: fields.colorPalette,
  };
}

/** Saves a theme in the actor's workspace (a bare user id: their personal workspace). */
export async function insertTheme(db: Kysely<Database>, actor: Actor, fields: ThemeFields): Promise<Theme> {
  const { workspaceId, userId } = actorOf(actor);
  return db
    .insertInto('themes')
    .values({
      workspace_id: workspaceId,
      user_id: userId,
      ...themeContent(fields),
      requires_approval: fields.requiresApproval ?? false,
      use_best_time: fields.useBestTime ?? false,
      use_queue: fields.useQueue ?? false,
      commemorative_dates: fields.commemorativeDates ?? [],
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listThemes(db: Kysely<Database>, workspaceId: string): Promise<Theme[]> {
  return db
    .selectFrom('themes')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function countThemes(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('themes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Deletes one of the workspace's themes and its suggested posts, in one transaction. Null when
 * not the workspace's; else the deleted posts (to remove their wake-up jobs).
 */
export async function deleteTheme(
  db: Kysely<Database>,
  workspaceId: string,
  themeId: string,
): Promise<DeletedPost[] | null> {
  return db.transaction().execute(async (trx) => {
    const theme = await trx
      .selectFrom('themes')
      .select('id')
      .where('id', '=', themeId)
      .where('workspace_id', '=', workspaceId)
      .forUpdate()
      .executeTakeFirst();
    if (!theme) return null;
    const posts = await trx
      .deleteFrom('suggested_posts')
      .where('theme_id', '=', themeId)
      .returning(['id', 'platform', 'version'])
      .execute();
    await trx.deleteFrom('themes').where('id', '=', themeId).execute();
    return posts;
  });
}

/** One of the workspace's themes, or undefined (another workspace's id looks exactly like a missing one). */
export async function findTheme(
  db: Kysely<Database>,
  workspaceId: string,
  themeId: string,
): Promise<Theme | undefined> {
  return db
    .selectFrom('themes')
    .selectAll()
    .where('id', '=', themeId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

export async function updateTheme(
  db: Kysely<Database>,
  workspaceId: string,
  themeId: string,
  fields: ThemeFields,
): Promise<Theme | undefined> {
  return db
    .updateTable('themes')
    .set({
      ...themeContent(fields),
      ...(fields.useBestTime === undefined ? {} : { use_best_time: fields.useBestTime }),
      ...(fields.useQueue === undefined ? {} : { use_queue: fields.useQueue }),
      ...(fields.commemorativeDates === undefined ? {} : { commemorative_dates: fields.commemorativeDates }),
      updated_at: new Date(),
    })
    .where('id', '=', themeId)
    .where('workspace_id', '=', workspaceId)
    .returningAll()
    .executeTakeFirst();
}

export interface ThemeWithCounts extends Theme {
  scheduled_count: number;
  published_count: number;
}

/** Meus Temas' statement: one shape, compiled once (db/src/compiled.ts). */
const themesWithCountsStatement = compileOnce((db, p: { workspaceId: string }) =>
  db
    .selectFrom('themes as t')
    .selectAll('t')
    .select((eb) => [
      eb
        .selectFrom('suggested_posts as p')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('p.theme_id', '=', 't.id')
        .where('p.scheduled_for', 'is not', null)
        .where('p.status', 'in', ['scheduled', 'publishing'])
        .as('scheduled_count'),
      eb
        .selectFrom('published_posts as pp')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('pp.theme_id', '=', 't.id')
        .as('published_count'),
    ])
    .where('t.workspace_id', '=', p.workspaceId)
    .orderBy('t.created_at', 'desc'),
);

/** Meus Temas: the workspace's themes, newest first, with scheduled and published counts (spec §7 call 4). */
export async function listThemesWithCounts(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<ThemeWithCounts[]> {
  const { rows } = await themesWithCountsStatement(db, { workspaceId });
  return rows.map((r) => ({
    ...r,
    scheduled_count: Number(r.scheduled_count ?? 0),
    published_count: Number(r.published_count ?? 0),
  }));
}

/**
 * Locks the workspace's row for the rest of the transaction so that two concurrent theme creations
 * cannot both pass the max_themes_per_user check (a limit per workspace).
 */
export async function lockWorkspaceForThemeCreation(
  trx: Kysely<Database>,
  workspaceId: string,
): Promise<void> {
  await lockWorkspace(trx, workspaceId);
}
