// Key rotation (docs/security.md O7): encrypt with k1, activate k2, run the job, drop k1 → all rows open.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type DbHandle, parseKeyring, readAccountTokens, sealedKeyId, upsertAccount } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb, makeUser } from '../test/harness.js';

// Rotation rewrites every row: it gets a database of its own.
let iso: Awaited<ReturnType<typeof isolatedDb>>;
let handle: DbHandle;
beforeAll(async () => {
  iso = await isolatedDb();
  handle = iso.handle;
});
afterAll(async () => iso?.drop());

describe('npm run rotate-keys', () => {
  it('re-seals every token with the new key so the old one can be dropped', async () => {
    const k1 = `k1:${randomBytes(32).toString('base64')}`;
    const k2 = `k2:${randomBytes(32).toString('base64')}`;
    const user = await makeUser(handle, 'rotate');
    const account = await upsertAccount(handle.db, parseKeyring(k1), {
      userId: user.id,
      platform: 'linkedin',
      platformUserId: 'sub-1',
      platformUsername: 'Ana',
      accountData: {},
      accessToken: 'SENTINEL-access',
      refreshToken: 'SENTINEL-refresh',
      accessTokenExpiresAt: null,
    });
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/rotate-keys.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATABASE_URL: iso.url, TOKEN_ENCRYPTION_KEYS: `${k2},${k1}` },
      encoding: 'utf8',
    });
    expect(out).toMatch(/re-seladas com a chave "k2"/);
    expect(out).not.toContain('SENTINEL');
    const row = await handle.db
      .selectFrom('connected_accounts')
      .select(['access_token', 'refresh_token'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(sealedKeyId(row.access_token)).toBe('k2');
    expect(sealedKeyId(row.refresh_token!)).toBe('k2');
    expect(await readAccountTokens(handle.db, parseKeyring(k2), account.id)).toMatchObject({
      accessToken: 'SENTINEL-access',
      refreshToken: 'SENTINEL-refresh',
    });
  });
});
