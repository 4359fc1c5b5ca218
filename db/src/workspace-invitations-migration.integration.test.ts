// The invitations migration (2026-11-30T00-00-workspace-invitations) on PGlite and PostgreSQL: the
// table and its rules (one open invitation per workspace and email, the roles, lower-case emails),
// the template, and down() then up() again.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T00-00-workspace-invitations';

async function check(db: Kysely<Database>) {
  const user = await createUser(db, {
    email: `convite-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  const row = (email: string, role: 'editor' | 'reviewer' | 'client' = 'editor') => ({
    id: randomBytes(15).toString('base64url'),
    workspace_id: user.id,
    email,
    role,
    secret_hash: randomBytes(32),
    invited_by: user.id,
    expires_at: new Date(Date.now() + 86_400_000),
  });
  await db.insertInto('workspace_invitations').values(row('joao@agencia.com.br')).execute();
  // A second open invitation for the same email is refused; once the first is revoked, it is not.
  await expect(
    db.insertInto('workspace_invitations').values(row('joao@agencia.com.br')).execute(),
  ).rejects.toThrow();
  await db
    .updateTable('workspace_invitations')
    .set({ revoked_at: new Date() })
    .where('email', '=', 'joao@agencia.com.br')
    .execute();
  await db.insertInto('workspace_invitations').values(row('joao@agencia.com.br', 'client')).execute();
  await expect(
    db.insertInto('workspace_invitations').values(row('Maria@Agencia.com.br')).execute(),
  ).rejects.toThrow();
  await expect(
    db
      .insertInto('workspace_invitations')
      .values({ ...row('maria@agencia.com.br'), role: 'owner' as never })
      .execute(),
  ).rejects.toThrow();
  const template = await db
    .selectFrom('email_templates')
    .select(['subject', 'html_content'])
    .where('template_name', '=', 'workspace_invitation')
    .executeTakeFirstOrThrow();
  expect(template.html_content).toContain('{{invite_url}}');
  // The workspace's deletion takes its invitations.
  await db.deleteFrom('users').where('id', '=', user.id).execute();
  expect(
    await db.selectFrom('workspace_invitations').select('id').where('workspace_id', '=', user.id).execute(),
  ).toEqual([]);

  // Down to the migration before it, where its template is gone, then up again.
  await downAndUp(db, NAME, async () => {
    expect(
      await db
        .selectFrom('email_templates')
        .select('id')
        .where('template_name', '=', 'workspace_invitation')
        .execute(),
    ).toEqual([]);
  });
  expect(await db.selectFrom('workspace_invitations').select('id').execute()).toEqual([]);
}

describeMigration('the invitations migration', check);
