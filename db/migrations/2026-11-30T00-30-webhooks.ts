// Signed webhooks (issue 28 item 3; docs/webhooks.md).
//
// - webhook_subscriptions: a workspace's receivers (URL, events, the signing secret sealed like
//   connected-account tokens, the previous secret during a rotation's grace period, active/paused,
//   failing_since). request_key / rotation_key: the Idempotency-Key of the click that created the
//   subscription / rotated its secret (the answer carries the secret, so it is not kept in the
//   idempotency record: a repeat of the key answers the same secret again).
// - webhook_events: one row per event, id 'msg_…' = the webhook-id header the receiver de-duplicates
//   on. Written ONLY by the triggers below, from the same row changes that feed live_events and the
//   delivery timeline: a transition is recorded once, in the transaction that made it; a fenced
//   write that matched nothing (a lost claim) records nothing; a rollback records nothing.
// - webhook_deliveries: event × subscription (unique), the worker's queue: attempts,
//   next_attempt_at, the lease (token + until) of the worker holding it, the last answer.
// - webhook_attempts: the delivery log, one row per POST (status code or error, a short excerpt).
// - the admin setting webhooks_allow_private_addresses (false) and the 'webhook_paused' email.
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE webhook_subscriptions (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    url text NOT NULL,
    events text[] NOT NULL CHECK (cardinality(events) > 0),
    secret text NOT NULL,
    previous_secret text,
    previous_secret_until timestamptz,
    status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
    paused_reason text CHECK (paused_reason IN ('owner', 'failing')),
    failing_since timestamptz,
    request_key text NOT NULL,
    rotation_key text,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workspace_id, request_key)
  )`.execute(db);
  await sql`CREATE INDEX webhook_subscriptions_workspace_idx ON webhook_subscriptions (workspace_id, status)`.execute(
    db,
  );

  await sql`CREATE TABLE webhook_events (
    id text PRIMARY KEY DEFAULT 'msg_' || replace(gen_random_uuid()::text, '-', ''),
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    type text NOT NULL,
    payload jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX webhook_events_workspace_idx ON webhook_events (workspace_id, created_at)`.execute(
    db,
  );

  await sql`CREATE TABLE webhook_deliveries (
    id bigserial PRIMARY KEY,
    event_id text NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
    subscription_id uuid NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    lease_token uuid,
    lease_until timestamptz,
    last_status_code integer,
    last_error text,
    last_attempt_at timestamptz,
    delivered_at timestamptz,
    resend_key text,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (event_id, subscription_id)
  )`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`.execute(
    db,
  );
  await sql`CREATE INDEX webhook_deliveries_subscription_idx ON webhook_deliveries (subscription_id, id DESC)`.execute(
    db,
  );

  await sql`CREATE TABLE webhook_attempts (
    id bigserial PRIMARY KEY,
    delivery_id bigint NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
    attempt integer NOT NULL,
    status_code integer,
    error text,
    response_excerpt text,
    duration_ms integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, id)`.execute(db);

  // One event and its deliveries: only when an active subscription of the workspace wants it.
  await sql`CREATE FUNCTION pauta_webhook_record(_workspace uuid, _type text, _data jsonb) RETURNS void
  LANGUAGE plpgsql AS $$
  DECLARE
    _id text;
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM webhook_subscriptions s
                   WHERE s.workspace_id = _workspace AND s.status = 'active' AND _type = ANY (s.events)) THEN
      RETURN;
    END IF;
    INSERT INTO webhook_events (workspace_id, type, payload)
    VALUES (_workspace, _type, jsonb_build_object(
      'type', _type,
      'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'data', _data))
    RETURNING id INTO _id;
    INSERT INTO webhook_deliveries (event_id, subscription_id)
    SELECT _id, s.id FROM webhook_subscriptions s
    WHERE s.workspace_id = _workspace AND s.status = 'active' AND _type = ANY (s.events);
  END $$`.execute(db);

  // Posts: the status transitions, per row a statement changed (transition tables).
  await sql`CREATE FUNCTION pauta_webhook_posts() RETURNS trigger LANGUAGE plpgsql AS $$
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
        o.status IN ('failed', 'needs_attention', 'missed')
        OR (o.status = 'scheduled' AND n.scheduled_for IS DISTINCT FROM o.scheduled_for)), NULL)
    ) AS e(type, happened, code)
    WHERE e.happened
    ORDER BY n.id;
    RETURN NULL;
  END $$`.execute(db);
  await sql`CREATE TRIGGER suggested_posts_webhooks_insert AFTER INSERT ON suggested_posts
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION pauta_webhook_posts()`.execute(db);
  await sql`CREATE TRIGGER suggested_posts_webhooks_update AFTER UPDATE ON suggested_posts
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION pauta_webhook_posts()`.execute(db);

  // The client's decision (approval link or a member with the Cliente role): a stage event.
  await sql`CREATE FUNCTION pauta_webhook_approvals() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM webhook_subscriptions WHERE status = 'active') THEN
      RETURN NULL;
    END IF;
    PERFORM pauta_webhook_record(n.workspace_id,
      CASE n.to_stage WHEN 'approved' THEN 'approval.client_approved' ELSE 'approval.changes_requested' END,
      jsonb_build_object('workspaceId', n.workspace_id, 'postId', n.post_id, 'title', p.title,
        'platform', p.platform, 'stage', n.to_stage, 'clientName', n.actor_label))
    FROM new_rows n
    JOIN suggested_posts p ON p.id = n.post_id
    WHERE n.actor = 'client' AND n.to_stage IN ('approved', 'changes')
    ORDER BY n.id;
    RETURN NULL;
  END $$`.execute(db);
  await sql`CREATE TRIGGER post_stage_events_webhooks AFTER INSERT ON post_stage_events
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION pauta_webhook_approvals()`.execute(db);

  // An account flagged "precisa reconectar" (the worker's health change).
  await sql`CREATE FUNCTION pauta_webhook_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM webhook_subscriptions WHERE status = 'active') THEN
      RETURN NULL;
    END IF;
    PERFORM pauta_webhook_record(n.workspace_id, 'account.needs_reconnect', jsonb_build_object(
      'workspaceId', n.workspace_id, 'accountId', n.id, 'platform', n.platform,
      'username', n.platform_username, 'reason', n.status_reason))
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    WHERE o.status <> 'needs_reconnect' AND n.status = 'needs_reconnect'
    ORDER BY n.id;
    RETURN NULL;
  END $$`.execute(db);
  await sql`CREATE TRIGGER connected_accounts_webhooks AFTER UPDATE ON connected_accounts
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION pauta_webhook_accounts()`.execute(db);

  await db
    .insertInto('admin_settings')
    .values({
      setting_key: 'webhooks_allow_private_addresses',
      setting_value: sql`'false'::jsonb`,
      description:
        'Permitir webhooks para endereços internos (rede privada, localhost, link-local). Deixe desligado, a menos que o receptor esteja na sua rede interna.',
    })
    .onConflict((oc) => oc.column('setting_key').doNothing())
    .execute();

  await db
    .insertInto('email_templates')
    .values({
      template_name: 'webhook_paused',
      subject: 'Webhook pausado: {{url}}',
      html_content:
        '<p>Olá, {{first_name}}.</p><p>O webhook <strong>{{url}}</strong> do cliente {{workspace_name}} falha desde {{failing_since}} e foi pausado: a Pauta parou de enviar eventos para ele.</p><p>Confira se o endereço está no ar e respondendo com um código 2xx e reative o webhook em <a href="{{integrations_url}}">Integrações</a>. Os eventos que falharam podem ser reenviados pelo histórico de entregas.</p>',
      variables: sql`'{"first_name":"Ana","url":"https://exemplo.com.br/webhooks","workspace_name":"Café Aurora","failing_since":"24/11/2026 às 10:00","integrations_url":"https://pauta.app/integracoes"}'::jsonb`,
      is_active: true,
    })
    .onConflict((oc) => oc.column('template_name').doNothing())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('email_templates').where('template_name', '=', 'webhook_paused').execute();
  await db
    .deleteFrom('admin_settings')
    .where('setting_key', '=', 'webhooks_allow_private_addresses')
    .execute();
  await sql`DROP TRIGGER connected_accounts_webhooks ON connected_accounts`.execute(db);
  await sql`DROP TRIGGER post_stage_events_webhooks ON post_stage_events`.execute(db);
  await sql`DROP TRIGGER suggested_posts_webhooks_update ON suggested_posts`.execute(db);
  await sql`DROP TRIGGER suggested_posts_webhooks_insert ON suggested_posts`.execute(db);
  await sql`DROP FUNCTION pauta_webhook_accounts()`.execute(db);
  await sql`DROP FUNCTION pauta_webhook_approvals()`.execute(db);
  await sql`DROP FUNCTION pauta_webhook_posts()`.execute(db);
  await sql`DROP FUNCTION pauta_webhook_record(uuid, text, jsonb)`.execute(db);
  await sql`DROP TABLE webhook_attempts`.execute(db);
  await sql`DROP TABLE webhook_deliveries`.execute(db);
  await sql`DROP TABLE webhook_events`.execute(db);
  await sql`DROP TABLE webhook_subscriptions`.execute(db);
}
