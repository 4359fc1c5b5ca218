// Private read-only links to a report and the snapshot they show (docs/reports.md "The private
// link"). Only the SHA-256 of a link's token is stored. Every statement of the owner's side names
// its workspace; the public side finds a link by its token's hash only.
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, ReportLinksTable } from '../schema.js';

export type ReportLinkRow = Selectable<ReportLinksTable>;

export async function insertReportLink(
  db: Kysely<Database>,
  link: {
    workspaceId: string;
    reportId: string;
    /** Null for the link a scheduled email carries. */
    createdBy: string | null;
    requestKey: string;
    tokenHash: Uint8Array;
    expiresAt: Date;
  },
): Promise<ReportLinkRow> {
  return (
    db
      .insertInto('report_links')
      .values({
        workspace_id: link.workspaceId,
        report_id: link.reportId,
        created_by: link.createdBy,
        token_hash: link.tokenHash,
        request_key: link.requestKey,
        expires_at: link.expiresAt,
      })
      // A repeat of one click (same key): the same link, its token re-issued.
      .onConflict((oc) =>
        oc.constraint('report_links_request_key_unique').doUpdateSet({ token_hash: link.tokenHash }),
      )
      .returningAll()
      .executeTakeFirstOrThrow()
  );
}

/** The workspace's links (newest first), for the reports list. */
export async function listReportLinks(db: Kysely<Database>, workspaceId: string): Promise<ReportLinkRow[]> {
  return db
    .selectFrom('report_links')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
}

/** Revokes at once; a repeat keeps the first time. Null: no such link in this workspace. */
export async function revokeReportLink(
  db: Kysely<Database>,
  input: { workspaceId: string; linkId: string },
): Promise<ReportLinkRow | null> {
  const row = await db
    .updateTable('report_links')
    .set({ revoked_at: sql`COALESCE(revoked_at, now())` })
    .where('workspace_id', '=', input.workspaceId)
    .where('id', '=', input.linkId)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function findReportLinkByHash(
  db: Kysely<Database>,
  tokenHash: Uint8Array,
): Promise<ReportLinkRow | undefined> {
  return db.selectFrom('report_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function touchReportLink(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('report_links').set({ last_used_at: sql`now()` }).where('id', '=', id).execute();
}

/**
 * Keeps the figures and analysis of the attempt that holds the row (fenced like every write of
 * the run: a lost attempt writes nothing). Returns false when the attempt lost the row.
 */
export async function saveReportSnapshot(
  db: Kysely<Database>,
  fence: { workspaceId: string; id: string; attempt: number },
  snapshot: { data: unknown; analysis: unknown },
): Promise<boolean> {
  const result = await db
    .insertInto('report_snapshots')
    .columns(['report_id', 'workspace_id', 'data', 'analysis'])
    .expression((eb) =>
      eb
        .selectFrom('reports')
        .select([
          'id',
          'workspace_id',
          sql<string>`${JSON.stringify(snapshot.data)}::jsonb`.as('data'),
          sql<string>`${JSON.stringify(snapshot.analysis)}::jsonb`.as('analysis'),
        ])
        .where('workspace_id', '=', fence.workspaceId)
        .where('id', '=', fence.id)
        .where('attempt', '=', fence.attempt)
        .where('status', '=', 'running'),
    )
    .onConflict((oc) =>
      oc.column('report_id').doUpdateSet((eb) => ({
        data: eb.ref('excluded.data'),
        analysis: eb.ref('excluded.analysis'),
        created_at: sql`now()`,
      })),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function findReportSnapshot(
  db: Kysely<Database>,
  workspaceId: string,
  reportId: string,
): Promise<{ data: unknown; analysis: unknown } | undefined> {
  return db
    .selectFrom('report_snapshots')
    .select(['data', 'analysis'])
    .where('workspace_id', '=', workspaceId)
    .where('report_id', '=', reportId)
    .executeTakeFirst();
}
