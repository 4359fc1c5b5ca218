// The whole data model of Pauta: the tables of spec §3 with the spec's names, plus what the
// architecture adds (users, sessions, identities, publishing state, sealed tokens, time zones).
// Frozen in time: never edit a migration that has shipped; add a new one.
import { type Kysely, sql } from 'kysely';

const platformCheck = sql`platform IN ('linkedin','facebook','x','instagram')`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) =>
      c.notNull().unique().check(sql`email = lower(email) AND length(email) <= 254`),
    )
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('secret_hash', 'bytea', (c) => c.notNull())
    .addColumn('persistent', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_verified_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('auth_sessions_user_idx').on('auth_sessions').column('user_id').execute();

  await db.schema
    .createTable('oauth_identities')
    .addColumn('provider', 'text', (c) =>
      c.notNull().check(sql`provider IN ('google','facebook','linkedin')`),
    )
    .addColumn('provider_user_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('oauth_identities_pk', ['provider', 'provider_user_id'])
    .execute();
  await db.schema.createIndex('oauth_identities_user_idx').on('oauth_identities').column('user_id').execute();

  await db.schema
    .createTable('profiles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('America/Sao_Paulo'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('profiles_created_idx').on('profiles').column('created_at').execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role IN ('admin','user')`))
    .execute();

  // Spec §6: has_role(user id, role). A user without a role row is a plain user.
  await sql`
    CREATE OR REPLACE FUNCTION has_role(_user_id uuid, _role text) RETURNS boolean
    LANGUAGE sql STABLE AS $$
      SELECT coalesce((SELECT role FROM user_roles WHERE user_id = _user_id), 'user') = _role
    $$`.execute(db);

  await db.schema
    .createTable('themes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(btrim(name)) BETWEEN 1 AND 120`))
    .addColumn('description', 'text', (c) =>
      c.notNull().check(sql`length(btrim(description)) BETWEEN 1 AND 2000`),
    )
    // Tone and topic ids (core/constants/tones.ts); the pt-BR labels live in the message catalogue.
    .addColumn('tone_of_voice', sql`text[]`, (c) =>
      c
        .notNull()
        .defaultTo(sql`ARRAY['professional']::text[]`)
        .check(
          sql`tone_of_voice <@ ARRAY['inspirational','professional','empathetic','informative','casual']::text[]`,
        ),
    )
    .addColumn('avoid_topics', sql`text[]`, (c) =>
      c
        .notNull()
        .defaultTo(sql`'{}'::text[]`)
        .check(sql`avoid_topics <@ ARRAY['politics','religion','controversy','specific_products']::text[]`),
    )
    .addColumn('social_networks', sql`text[]`, (c) =>
      c
        .notNull()
        .check(
          sql`cardinality(social_networks) >= 1 AND social_networks <@ ARRAY['linkedin','facebook','x','instagram']::text[]`,
        ),
    )
    .addColumn('frequency', 'text', (c) =>
      c.notNull().defaultTo('weekly').check(sql`frequency IN ('daily','weekly','monthly')`),
    )
    .addColumn('color_palette', 'text', (c) =>
      c
        .notNull()
        .defaultTo('blue')
        .check(
          sql`color_palette ~ '^#[0-9A-Fa-f]{6}$' OR color_palette IN ('red','red-orange','orange','yellow-orange','yellow','yellow-green','green','blue-green','blue','blue-violet','violet','red-violet','black','gray')`,
        ),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Lets suggested_posts prove, with a foreign key, that a post's owner is its theme's owner.
    .addUniqueConstraint('themes_id_user_unique', ['id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('themes_user_created_idx')
    .on('themes')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('suggested_posts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('theme_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) <= 300`))
    .addColumn('content', 'text', (c) => c.notNull().check(sql`length(content) <= 63206`))
    .addColumn('platform', 'text', (c) => c.notNull().check(platformCheck))
    .addColumn('post_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scheduled_for', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('is_used', 'boolean', (c) => c.notNull().defaultTo(false))
    // Publishing state (docs/architecture.md §3, §5).
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('scheduled')
        .check(sql`status IN ('scheduled','publishing','published','failed','needs_attention','missed')`),
    )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('send_started_at', 'timestamptz')
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('last_error_location', 'text')
    .addForeignKeyConstraint(
      'suggested_posts_theme_owner_fk',
      ['theme_id', 'user_id'],
      'themes',
      ['id', 'user_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  // Posts Agendados: a user's scheduled posts by date, optionally by theme or platform.
  await sql`CREATE INDEX suggested_posts_user_scheduled_idx ON suggested_posts (user_id, scheduled_for, id) WHERE scheduled_for IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX suggested_posts_theme_scheduled_idx ON suggested_posts (theme_id, scheduled_for)`.execute(
    db,
  );
  await sql`CREATE INDEX suggested_posts_user_created_idx ON suggested_posts (user_id, created_at)`.execute(
    db,
  );
  // The worker's due-post and stale-claim scans.
  await sql`CREATE INDEX suggested_posts_due_idx ON suggested_posts (status, scheduled_for) WHERE status IN ('scheduled','publishing')`.execute(
    db,
  );

  await db.schema
    .createTable('connected_accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull().check(platformCheck))
    .addColumn('platform_user_id', 'text', (c) => c.notNull())
    .addColumn('platform_username', 'text')
    // Sealed with AES-256-GCM (db/src/crypto.ts): v1:<keyId>:<iv>:<tag>:<ciphertext>.
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('refresh_token', 'text')
    .addColumn('access_token_expires_at', 'timestamptz')
    .addColumn('account_data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('active').check(sql`status IN ('active','needs_reconnect')`),
    )
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('connected_accounts_user_platform_unique', ['user_id', 'platform'])
    .execute();
  await sql`CREATE INDEX connected_accounts_expiry_idx ON connected_accounts (access_token_expires_at) WHERE is_active`.execute(
    db,
  );

  await db.schema
    .createTable('published_posts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A published post is history: it outlives the theme and the draft it came from.
    .addColumn('theme_id', 'uuid', (c) => c.references('themes.id').onDelete('set null'))
    .addColumn('suggested_post_id', 'uuid', (c) =>
      c.unique().references('suggested_posts.id').onDelete('set null'),
    )
    .addColumn('connected_account_id', 'uuid', (c) =>
      c.references('connected_accounts.id').onDelete('set null'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull().check(platformCheck))
    .addColumn('platform_post_id', 'text')
    .addColumn('url', 'text')
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Null metrics mean "not available" (e.g. LinkedIn personal profiles), never zero.
    .addColumn('engagement_rate', sql`numeric(7,2)`)
    .addColumn('reach', 'integer', (c) => c.check(sql`reach >= 0`))
    .addColumn('likes_count', 'integer', (c) => c.check(sql`likes_count >= 0`))
    .addColumn('comments_count', 'integer', (c) => c.check(sql`comments_count >= 0`))
    .addColumn('metrics_updated_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('published_posts_user_published_idx')
    .on('published_posts')
    .columns(['user_id', 'published_at desc'])
    .execute();
  await db.schema.createIndex('published_posts_theme_idx').on('published_posts').column('theme_id').execute();

  await db.schema
    .createTable('email_templates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('template_name', 'text', (c) => c.notNull().unique())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html_content', 'text', (c) => c.notNull())
    .addColumn('variables', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('publishing_logs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // Logs outlive a deleted user (set null) so admins keep the history without personal data.
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('suggested_post_id', 'uuid', (c) => c.references('suggested_posts.id').onDelete('set null'))
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('success','error')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull().check(platformCheck))
    .addColumn('scheduled_for', 'timestamptz')
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('image_url', 'text')
    .addColumn('platform_post_id', 'text')
    .addColumn('error_message', 'text')
    .addColumn('error_location', 'text')
    .addUniqueConstraint('publishing_logs_post_attempt_unique', ['suggested_post_id', 'attempt'])
    .execute();
  // At most one success per post, whatever happens (W2).
  await sql`CREATE UNIQUE INDEX publishing_logs_one_success_idx ON publishing_logs (suggested_post_id) WHERE status = 'success'`.execute(
    db,
  );
  await sql`CREATE INDEX publishing_logs_attempted_idx ON publishing_logs (attempted_at DESC, id)`.execute(
    db,
  );
  await sql`CREATE INDEX publishing_logs_user_attempted_idx ON publishing_logs (user_id, attempted_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX publishing_logs_status_attempted_idx ON publishing_logs (status, attempted_at DESC)`.execute(
    db,
  );

  await db.schema
    .createTable('admin_settings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('setting_key', 'text', (c) => c.notNull().unique())
    .addColumn('setting_value', 'jsonb', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('data_deletion_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('email', 'text')
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`length(btrim(reason)) BETWEEN 1 AND 2000`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status IN ('pending','completed','rejected')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('data_deletion_requests_created_idx')
    .on('data_deletion_requests')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('secret_hash', 'bytea', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Every email Pauta sends goes through this outbox: SMTP when configured, readable by admins otherwise.
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('template_name', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status IN ('pending','sent','stored','failed')`),
    )
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('email_outbox_created_idx').on('email_outbox').column('created_at').execute();

  await db
    .insertInto('admin_settings')
    .values([
      {
        setting_key: 'email_notifications_enabled',
        setting_value: sql`'true'::jsonb`,
        description: 'Enviar emails de notificação (boas-vindas, falhas de publicação).',
      },
      {
        setting_key: 'max_themes_per_user',
        setting_value: sql`'10'::jsonb`,
        description: 'Número máximo de temas que cada usuário pode criar.',
      },
    ])
    .execute();

  await db
    .insertInto('email_templates')
    .values([
      {
        template_name: 'welcome',
        subject: 'Bem-vindo(a) à Pauta, {{first_name}}!',
        html_content:
          '<h1>Olá, {{first_name}}!</h1><p>Sua conta na Pauta foi criada. Crie seu primeiro tema e deixe a IA sugerir e agendar seus posts.</p><p><a href="{{app_url}}">Abrir a Pauta</a></p>',
        variables: sql`'{"first_name":"Nome do usuário","app_url":"Endereço da Pauta"}'::jsonb`,
      },
      {
        template_name: 'publish_failure',
        subject: 'Não foi possível publicar seu post no {{platform}}',
        html_content:
          '<p>Olá, {{first_name}}.</p><p>O post <strong>{{post_title}}</strong>, agendado para {{scheduled_for}}, não foi publicado no {{platform}}.</p><p>Motivo: {{error_message}}</p><p><a href="{{post_url}}">Ver o post na Pauta</a></p>',
        variables: sql`'{"first_name":"Nome do usuário","post_title":"Título do post","platform":"Rede social","scheduled_for":"Data agendada","error_message":"Motivo da falha","post_url":"Link para o post"}'::jsonb`,
      },
      {
        template_name: 'password_reset',
        subject: 'Redefinição de senha da Pauta',
        html_content:
          '<p>Olá, {{first_name}}.</p><p>Recebemos um pedido para redefinir sua senha. O link vale por 30 minutos e só pode ser usado uma vez:</p><p><a href="{{reset_url}}">Redefinir minha senha</a></p><p>Se não foi você, ignore este email.</p>',
        variables: sql`'{"first_name":"Nome do usuário","reset_url":"Link de redefinição"}'::jsonb`,
      },
    ])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'email_outbox',
    'password_reset_tokens',
    'data_deletion_requests',
    'admin_settings',
    'publishing_logs',
    'email_templates',
    'published_posts',
    'connected_accounts',
    'suggested_posts',
    'themes',
    'user_roles',
    'profiles',
    'oauth_identities',
    'auth_sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`DROP FUNCTION IF EXISTS has_role(uuid, text)`.execute(db);
}
