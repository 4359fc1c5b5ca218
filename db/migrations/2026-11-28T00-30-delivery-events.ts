// Issue 24, item 4: a delivery timeline per post. Every step of a post's delivery is already a
// change of its suggested_posts row (the claim, send_started_at, the outcome, a retry, the flag,
// the lookup, the owner's retry, edit and reschedule); one statement-level trigger derives an
// append-only event from each such change. Only rows a statement actually changed reach the
// trigger, so a fenced write that matched nothing (a lost claim) records nothing, and no code
// path can forget to record (docs/publishing.md, "Delivery timeline"). The network's answers stay
// in publishing_logs (one row per attempt); the timeline reads both.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE post_delivery_events (
    id bigserial PRIMARY KEY,
    suggested_post_id uuid NOT NULL REFERENCES suggested_posts(id) ON DELETE CASCADE,
    user_id uuid NOT NULL,
    version integer NOT NULL,
    attempt integer NOT NULL,
    kind text NOT NULL,
    code text,
    detail text,
    due_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX post_delivery_events_post_idx ON post_delivery_events (suggested_post_id, id)`.execute(
    db,
  );
  await sql`CREATE FUNCTION pauta_post_delivery_events() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO post_delivery_events (suggested_post_id, user_id, version, attempt, kind, code, detail, due_at)
    SELECT n.id, n.user_id, n.version, n.attempts, e.kind, e.code, e.detail, e.due_at
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES
      ('claimed', o.status = 'scheduled' AND n.status = 'publishing', NULL, NULL, NULL::timestamptz),
      ('send_started', o.send_started_at IS NULL AND n.send_started_at IS NOT NULL, NULL, NULL, NULL),
      ('published', o.status = 'publishing' AND n.status = 'published', NULL, NULL, NULL),
      ('resolved_published', o.status = 'needs_attention' AND n.status = 'published', NULL, NULL, NULL),
      ('failed', o.status <> 'failed' AND n.status = 'failed', n.last_error, n.last_error_message, NULL),
      ('flagged', o.status <> 'needs_attention' AND n.status = 'needs_attention',
        n.last_error, n.last_error_message, NULL),
      ('lookup_unresolved', o.status = 'needs_attention' AND n.status = 'needs_attention'
        AND n.outcome_checked_token IS NOT NULL
        AND n.outcome_checked_token IS DISTINCT FROM o.outcome_checked_token,
        n.last_error, n.last_error_message, NULL),
      ('lookup_requested', o.status = 'needs_attention' AND n.status = 'needs_attention'
        AND n.last_error_location = 'dono: consulta pedida' AND n.updated_at IS DISTINCT FROM o.updated_at,
        NULL, n.last_error_message, NULL),
      ('retry_scheduled', o.status = 'publishing' AND n.status = 'scheduled' AND n.attempts >= o.attempts,
        n.last_error, n.last_error_message, n.next_attempt_at),
      ('released', o.status = 'publishing' AND n.status = 'scheduled' AND n.attempts < o.attempts,
        n.last_error, NULL, n.next_attempt_at),
      ('lookup_absent', o.status = 'needs_attention' AND n.status = 'scheduled'
        AND n.last_error_location = 'worker: consulta à rede', n.last_error, n.last_error_message, NULL),
      ('owner_retry', o.status IN ('failed', 'needs_attention', 'missed') AND n.status = 'scheduled'
        AND n.last_error_location IS DISTINCT FROM 'worker: consulta à rede', NULL, NULL, n.scheduled_for),
      ('owner_edit', o.status = 'scheduled' AND n.status = 'scheduled' AND n.version > o.version
        AND (n.content IS DISTINCT FROM o.content OR n.title IS DISTINCT FROM o.title), NULL, NULL, n.scheduled_for),
      ('owner_reschedule', o.status = 'scheduled' AND n.status = 'scheduled' AND n.version > o.version
        AND n.content IS NOT DISTINCT FROM o.content AND n.title IS NOT DISTINCT FROM o.title
        AND n.scheduled_for IS DISTINCT FROM o.scheduled_for, NULL, NULL, n.scheduled_for),
      ('missed', o.status <> 'missed' AND n.status = 'missed', n.last_error, NULL, NULL)
    ) AS e(kind, happened, code, detail, due_at)
    WHERE e.happened;
    RETURN NULL;
  END $$`.execute(db);
  await sql`CREATE TRIGGER suggested_posts_delivery_events AFTER UPDATE ON suggested_posts
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION pauta_post_delivery_events()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER suggested_posts_delivery_events ON suggested_posts`.execute(db);
  await sql`DROP FUNCTION pauta_post_delivery_events()`.execute(db);
  await sql`DROP TABLE post_delivery_events`.execute(db);
}
