// Worker heartbeats and worker outages (issue 18, item 5; docs/operations.md).
//
// `worker_heartbeats`: one row per worker process, upserted every ~15 s with PostgreSQL's clock
// (last_beat_at = now(), so a skewed worker clock changes nothing). A graceful shutdown sets
// stopped_at instead of deleting the row: "no worker seen for N minutes" needs the moment the last
// one was seen. Rows silent for a day are purged by the live workers.
//
// `worker_outages`: one row per outage ("posts are due and no worker has beaten for 2 minutes"),
// opened by whichever web process notices first. The partial unique index allows a single open
// outage, so with any number of web processes exactly one INSERT wins and only that process queues
// the admins' email (in the same transaction). A worker beating again closes it (ended_at).
//
// Also the pt-BR 'worker_down' email template. Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('worker_heartbeats')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_beat_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('stopped_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('worker_heartbeats_last_beat_idx')
    .on('worker_heartbeats')
    .column('last_beat_at')
    .execute();

  await db.schema
    .createTable('worker_outages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    /** When the last worker was seen (null: never), as the opening web process read it. */
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('due_posts', 'integer', (c) => c.notNull())
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await sql`CREATE UNIQUE INDEX worker_outages_one_open_idx ON worker_outages ((true)) WHERE ended_at IS NULL`.execute(
    db,
  );

  await db
    .insertInto('email_templates')
    .values({
      template_name: 'worker_down',
      subject: 'Pauta: nenhum worker ativo há {{minutes}} min — {{due_posts}} posts atrasados',
      html_content:
        '<p>Olá, {{first_name}}.</p><p>Nenhum worker de publicação da Pauta dá sinal de vida desde {{last_seen}}, e <strong>{{due_posts}} posts</strong> já passaram da hora de publicar. Eles continuam salvos e saem assim que um worker voltar (os que passarem de 24 h ficam como "Perdido").</p><p>O que fazer: confira se o processo worker está rodando (<code>npm run start:worker</code>, o serviço <code>worker</code> do docker compose ou o Deployment <code>pauta-worker</code> no Kubernetes), leia o log dele e confirme que ele alcança o PostgreSQL e o Redis.</p><p><a href="{{admin_url}}">Ver os workers na Administração</a></p><p>Este aviso é enviado uma vez por interrupção.</p>',
      variables: sql`'{"first_name":"Nome do administrador","minutes":"Minutos sem worker","due_posts":"Posts atrasados","last_seen":"Último sinal de um worker","admin_url":"Link para a Administração"}'::jsonb`,
    })
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('email_templates').where('template_name', '=', 'worker_down').execute();
  await db.schema.dropTable('worker_outages').ifExists().execute();
  await db.schema.dropTable('worker_heartbeats').ifExists().execute();
}
