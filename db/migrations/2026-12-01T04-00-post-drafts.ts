// "Salvar rascunho" for every post (issue 30 item 1; docs/composer.md): a post status `draft`.
//
// - `suggested_posts.status` may be `draft`: a post saved and kept out of publishing. Every claim,
//   the reconciler's due list, `markMissed`, the posting queue's slots and the recurring series read
//   `status = 'scheduled'` (or an explicit list without `draft`), so a draft is never claimed,
//   re-enqueued nor marked missed, whatever its date. The approval switch reads the stage or an
//   explicit list of statuses (approval.repository.ts), and leaves drafts alone.
// - The webhooks' `post.scheduled` also fires when a draft is scheduled ("Agendar" in Editar Post),
//   as it does for a stopped post scheduled again.
//
// down(): refused while a draft exists (turning drafts into `scheduled` posts would publish them,
// deleting them would lose them): the owner schedules or deletes them first.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

const WEBHOOK_POSTS = (
  scheduledFrom: string,
) => `CREATE OR REPLACE FUNCTION pauta_webhook_posts() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM webhook_subscriptions WHERE status = 'active') THEN
      RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
      PERFORM pauta_webhook_record(n.workspace_id, 'post.scheduled', jsonb_build_object(
        'workspaceId', n.workspace_id, 'postId', n.id, 'title', n.title, 'platform', n.platform,
        'status', n.status, 'scheduledFor', n.scheduled_for, 'approvalStage', n.approval_stage))
      FROM new_rows n
      WHERE n.status = 'scheduled' AND n.scheduled_for IS NOT NULL;
      RETURN NULL;
    END IF;
    PERFORM pauta_webhook_record(n.workspace_id, e.type, jsonb_build_object(
      'workspaceId', n.workspace_id, 'postId', n.id, 'title', n.title, 'platform', n.platform,
      'status', n.status, 'scheduledFor', n.scheduled_for, 'approvalStage', n.approval_stage,
      'errorCode', e.code))
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES
      ('post.published', o.status <> 'published' AND n.status = 'published', NULL::text),
      ('post.failed', o.status <> 'failed' AND n.status = 'failed', n.last_error),
      ('post.needs_attention', o.status <> 'needs_attention' AND n.status = 'needs_attention', n.last_error),
      ('post.scheduled', n.status = 'scheduled' AND n.scheduled_for IS NOT NULL AND (
        o.status IN (${scheduledFrom})
        OR (o.status = 'scheduled' AND n.scheduled_for IS DISTINCT FROM o.scheduled_for)), NULL)
    ) AS e(type, happened, code)
    WHERE e.happened
    ORDER BY n.id;
    RETURN NULL;
  END $$`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE suggested_posts DROP CONSTRAINT suggested_posts_status_check`.execute(db);
  await sql`ALTER TABLE suggested_posts ADD CONSTRAINT suggested_posts_status_check
    CHECK (status IN ('draft','scheduled','publishing','published','failed','needs_attention','missed'))`.execute(
    db,
  );
  await sql.raw(WEBHOOK_POSTS(`'draft', 'failed', 'needs_attention', 'missed'`)).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  const drafts = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM suggested_posts WHERE status = 'draft'`.execute(db);
  if ((drafts.rows[0]?.n ?? 0) > 0)
    throw new Error('Há posts em rascunho: agende ou exclua esses posts antes de desfazer esta migração.');
  await sql.raw(WEBHOOK_POSTS(`'failed', 'needs_attention', 'missed'`)).execute(db);
  await sql`ALTER TABLE suggested_posts DROP CONSTRAINT suggested_posts_status_check`.execute(db);
  await sql`ALTER TABLE suggested_posts ADD CONSTRAINT suggested_posts_status_check
    CHECK (status IN ('scheduled','publishing','published','failed','needs_attention','missed'))`.execute(db);
}
