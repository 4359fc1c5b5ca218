// Issue 24, item 5 (the attack findings): two pt-BR email templates.
// - 'signin_link': a sign-in link for a browser the account does not know, sent instead of a
//   session while the account is under a password-guessing attack (docs/security.md A6, R1).
// - 'signup_existing_account': someone tried to create an account with an email that already has
//   one; sign-up answers the same either way, and the owner learns of it here (A9).
// The links are secrets: {{signin_url}} is sealed in the outbox until sent (like reset_url).
//
// Frozen in time: never edit once shipped.
import { type Kysely, sql } from 'kysely';

const NAMES = ['signin_link', 'signup_existing_account'];

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed against no schema on purpose.
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('email_templates')
    .values([
      {
        template_name: 'signin_link',
        subject: 'Seu link de acesso à Pauta',
        html_content:
          '<p>Olá, {{first_name}}.</p><p>Alguém entrou com a sua senha em um navegador que a Pauta ainda não conhecia, enquanto a sua conta recebia muitas tentativas de senha erradas. Por segurança, o acesso desse navegador só é liberado por este link, que vale por 15 minutos e só pode ser usado uma vez:</p><p><a href="{{signin_url}}">Entrar na Pauta</a></p><p>Se não foi você, alguém conhece a sua senha: <a href="{{reset_url}}">redefina a sua senha</a> agora.</p>',
        variables: sql`'{"first_name":"Nome do usuário","signin_url":"Link de acesso (15 minutos, uso único)","reset_url":"Página para redefinir a senha"}'::jsonb`,
        is_active: true,
      },
      {
        template_name: 'signup_existing_account',
        subject: 'Tentativa de criar uma conta Pauta com o seu email',
        html_content:
          '<p>Olá, {{first_name}}.</p><p>Alguém tentou criar uma conta Pauta com o seu email ({{email}}). Você já tem uma conta, então nada foi criado nem alterado.</p><p>Se foi você: <a href="{{signin_url}}">entre na sua conta</a> ou, se esqueceu a senha, <a href="{{reset_url}}">redefina a sua senha</a>.</p><p>Se não foi você, pode ignorar este email.</p>',
        variables: sql`'{"first_name":"Nome do usuário","email":"Email da conta","signin_url":"Página de login","reset_url":"Página para redefinir a senha"}'::jsonb`,
        is_active: true,
      },
    ])
    .onConflict((oc) => oc.column('template_name').doNothing())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('email_templates').where('template_name', 'in', NAMES).execute();
}
