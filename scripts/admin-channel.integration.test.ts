// `npm run create-admin` while the embedded app runs (issue 13): the running process holds the
// data folder, and create-admin asks it through the local admin channel. Real PostgreSQL stands
// in for the app's database; the script runs as a user runs it.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type DbHandle, hasRole, insertSession } from '@pauta/db';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../test/harness.js';
import {
  ADMIN_CHANNEL_FILE,
  type AdminChannel,
  openAdminChannel,
  requestAdminGrant,
} from './admin-channel.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');

let handle: DbHandle;
let dataDir: string;
let channel: AdminChannel;

beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => handle?.close());

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pauta-admin-channel-'));
  // As `npm start` does: this (live) process holds the folder, then opens the channel.
  writeFileSync(path.join(dataDir, 'pauta.pid'), String(process.pid));
  channel = await openAdminChannel({ dataDir, db: handle.db });
});
afterEach(async () => {
  await channel.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function createAdmin(email: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/create-admin.ts', email],
      {
        cwd: ROOT,
        // No DATABASE_URL: the embedded mode, whose database only the running app may open.
        env: { ...process.env, DATABASE_URL: '', PAUTA_DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run create-admin while the embedded app runs', { timeout: 60_000 }, () => {
  it('grants the role through the running app and ends the user sessions', async () => {
    const user = await makeUser(handle, 'channel');
    await insertSession(handle.db, {
      id: randomBytes(16).toString('hex'),
      userId: user.id,
      secretHash: randomBytes(32),
      persistent: false,
      now: new Date(),
    });
    const result = await createAdmin(user.email.toUpperCase());
    expect(result.stdout).toContain(`${user.email} agora é administrador(a).`);
    expect(result.code).toBe(0);
    expect(await hasRole(handle.db, user.id, 'admin')).toBe(true);
    const sessions = await handle.db
      .selectFrom('auth_sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toEqual([]);
  });

  it('an unknown email: a pt-BR message, exit code 1', async () => {
    const result = await createAdmin('ninguem-aqui@teste.pauta.dev');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Nenhum usuário com o email ninguem-aqui@teste.pauta.dev');
  });

  it('the channel file is readable only by its owner; a wrong token changes nothing', async () => {
    const file = path.join(dataDir, ADMIN_CHANNEL_FILE);
    expect(statSync(file).mode & 0o077).toBe(0);
    const { port } = JSON.parse(readFileSync(file, 'utf8')) as { port: number };
    const user = await makeUser(handle, 'channel-token');
    for (const authorization of ['Bearer wrong', '', `Bearer ${'x'.repeat(43)}`]) {
      const response = await fetch(`http://127.0.0.1:${port}/create-admin`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(authorization ? { Authorization: authorization } : {}),
        },
        body: JSON.stringify({ email: user.email }),
      });
      expect(response.status).toBe(401);
    }
    expect(await hasRole(handle.db, user.id, 'admin')).toBe(false);
    // With the file's token, it works.
    expect(await requestAdminGrant(dataDir, user.email)).toEqual({ ok: true, email: user.email });
    expect(await hasRole(handle.db, user.id, 'admin')).toBe(true);
  });

  it('the running app stopped without cleaning up: create-admin says so instead of opening its data', async () => {
    await channel.close();
    const result = await createAdmin('alguem@teste.pauta.dev');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('A Pauta está rodando com estes dados, mas não respondeu');
    // Reopened for afterEach.
    channel = await openAdminChannel({ dataDir, db: handle.db });
  });
});
