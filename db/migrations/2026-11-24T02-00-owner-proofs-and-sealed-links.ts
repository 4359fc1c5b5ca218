// Issue 11, items 5 and 6.
// - A data-deletion request is carried out only once its owner is proven: made while signed in
//   (confirmed_by 'session'), or confirmed through a single-use, expiring link emailed to the
//   account's address (confirmed_by 'email'; only SHA-256 of the link's secret is kept). A CHECK
//   (NOT VALID: older rows stay as they were) makes "completed but never confirmed" impossible.
// - Emails carrying a token-bearing link are stored with the link replaced by a placeholder; the
//   link itself is sealed (AES-256-GCM, the token keyring) in sealed_secrets until the sender has
//   used it, then dropped. Links already stored in clear by earlier versions are redacted here.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('data_deletion_requests')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('confirmed_by', 'text', (c) => c.check(sql`confirmed_by IN ('session','email')`))
    .addColumn('confirm_token_id', 'text', (c) => c.unique())
    .addColumn('confirm_secret_hash', 'bytea')
    .addColumn('confirm_expires_at', 'timestamptz')
    .execute();
  // Until now user_id was only ever set from the session of a signed-in requester.
  await sql`UPDATE data_deletion_requests SET confirmed_at = created_at, confirmed_by = 'session'
            WHERE user_id IS NOT NULL`.execute(db);
  await sql`ALTER TABLE data_deletion_requests ADD CONSTRAINT data_deletion_completed_confirmed
            CHECK (status <> 'completed' OR confirmed_at IS NOT NULL) NOT VALID`.execute(db);

  await db.schema.alterTable('email_outbox').addColumn('sealed_secrets', 'text').execute();
  await sql`UPDATE email_outbox
            SET html = regexp_replace(html, '(https?://[^"''<>[:space:]]*)?/auth/reset\\?token=[^"''<>[:space:]]*', '[link oculto]', 'g'),
                subject = regexp_replace(subject, '(https?://[^"''<>[:space:]]*)?/auth/reset\\?token=[^"''<>[:space:]]*', '[link oculto]', 'g')
            WHERE html LIKE '%/auth/reset?token=%' OR subject LIKE '%/auth/reset?token=%'`.execute(db);

  await db
    .insertInto('email_templates')
    .values({
      template_name: 'data_deletion_confirm',
      subject: 'Confirme a exclusão dos seus dados na Pauta',
      html_content:
        '<p>Olá, {{first_name}}.</p><p>Recebemos um pedido para excluir a sua conta na Pauta e todos os seus dados (perfil, temas, posts e contas conectadas). Ele só será processado depois que você confirmar pelo link abaixo, que vale por 24 horas e só pode ser usado uma vez:</p><p><a href="{{confirm_url}}">Confirmar a exclusão dos meus dados</a></p><p>Se não foi você, ignore este email: nada será excluído.</p>',
      variables: sql`'{"first_name":"Nome do usuário","confirm_url":"Link de confirmação"}'::jsonb`,
    })
    .onConflict((oc) => oc.column('template_name').doNothing())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('email_templates').where('template_name', '=', 'data_deletion_confirm').execute();
  await db.schema.alterTable('email_outbox').dropColumn('sealed_secrets').execute();
  await sql`ALTER TABLE data_deletion_requests DROP CONSTRAINT IF EXISTS data_deletion_completed_confirmed`.execute(
    db,
  );
  await db.schema
    .alterTable('data_deletion_requests')
    .dropColumn('confirmed_at')
    .dropColumn('confirmed_by')
    .dropColumn('confirm_token_id')
    .dropColumn('confirm_secret_hash')
    .dropColumn('confirm_expires_at')
    .execute();
}
