// Roles: has_role decides, no row means user, a role change revokes sessions, errors deny (Z3, A5).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createDb, type DbHandle, setRole } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl, testDb, uniqueEmail } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { listen, testDeps } from '../../../test/server-harness.js';
import { createLogger } from '../logger.js';
import { createRoleService } from './roles.js';

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
beforeAll(async () => {
  handle = await testDb();
  app = await listen(testDeps(handle));
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

async function signedIn() {
  const client = new TestClient(app.url);
  const email = uniqueEmail('role');
  await client.mutate('auth.signUp', { email, password: 'a long enough passphrase' });
  // Sign-up makes no session (docs/security.md A9): the sign-in that follows does.
  await client.mutate('auth.signIn', { email, password: 'a long enough passphrase', rememberMe: false });
  const user = await handle.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { client, email, userId: user.id };
}

describe('roles', () => {
  it('a user without a role row is not an admin; a promoted one is, from a new session', async () => {
    const { client, userId, email } = await signedIn();
    expect((await client.query<{ isAdmin: boolean }>('auth.adminCheck')).data).toEqual({ isAdmin: false });
    await handle.db.transaction().execute((trx) => setRole(trx, userId, 'admin'));
    // The role change revoked the old session (A5).
    expect((await client.query('auth.adminCheck')).status).toBe(401);
    await client.mutate('auth.signIn', { email, password: 'a long enough passphrase', rememberMe: false });
    expect((await client.query<{ isAdmin: boolean }>('auth.adminCheck')).data).toEqual({ isAdmin: true });
  });

  it('a demoted admin loses admin access and the old cookie', async () => {
    const { client, userId, email } = await signedIn();
    await handle.db.transaction().execute((trx) => setRole(trx, userId, 'admin'));
    await client.mutate('auth.signIn', { email, password: 'a long enough passphrase', rememberMe: false });
    const adminCookie = client.jar.get('pauta_session')!;
    await handle.db.transaction().execute((trx) => setRole(trx, userId, 'user'));
    const old = new TestClient(app.url);
    old.jar.set('pauta_session', adminCookie);
    expect((await old.query('auth.adminCheck')).status).toBe(401);
  });

  it('deleting the role row makes the user a plain user again', async () => {
    const { userId } = await signedIn();
    await handle.db.transaction().execute((trx) => setRole(trx, userId, 'admin'));
    await handle.db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    expect(
      await createRoleService(handle.db, createLogger({ level: 'silent', pretty: false })).isAdmin(userId),
    ).toBe(false);
  });

  it('treats the user as non-admin when the database fails', async () => {
    const { userId } = await signedIn();
    await handle.db.transaction().execute((trx) => setRole(trx, userId, 'admin'));
    // A database that refuses every connection.
    const broken = await createDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    expect(
      await createRoleService(broken.db, createLogger({ level: 'silent', pretty: false })).isAdmin(userId),
    ).toBe(false);
    await broken.close();
  });

  it('50 concurrent role changes leave exactly one role row', async () => {
    const { userId } = await signedIn();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        handle.db.transaction().execute((trx) => setRole(trx, userId, i % 2 ? 'admin' : 'user')),
      ),
    );
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    const rows = await handle.db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('npm run create-admin grants the role', async () => {
    const { userId, email } = await signedIn();
    const root = path.resolve(import.meta.dirname, '../../..');
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', email], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: testDatabaseUrl() },
      encoding: 'utf8',
    });
    expect(out).toContain('agora é administrador');
    expect(
      await createRoleService(handle.db, createLogger({ level: 'silent', pretty: false })).isAdmin(userId),
    ).toBe(true);
  });
});
