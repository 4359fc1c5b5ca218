// Start-up refuses bad configuration, naming the variable and never printing its value.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pauta-start-'));
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PAUTA_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

// Each case boots node + tsx: seconds on a loaded machine, within spawnSync's own 60 s limit.
describe('npm start with bad configuration', { timeout: 60_000 }, () => {
  it('stops on a malformed DATABASE_URL, naming it but not its value', () => {
    const result = start({ DATABASE_URL: 'mysql://root:hunter2@db/pauta' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL');
    expect(result.stderr).not.toContain('hunter2');
  });

  it('stops on an unreachable PostgreSQL, naming DATABASE_URL', () => {
    const result = start({ DATABASE_URL: 'postgres://pauta:s3cr3t-pw@127.0.0.1:1/pauta' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL');
    expect(result.stderr).not.toContain('s3cr3t-pw');
  });

  it('stops on a TOKEN_ENCRYPTION_KEYS that is not 32 bytes', () => {
    const short = Buffer.from('sixteen-bytes-xx').toString('base64');
    const result = start({ TOKEN_ENCRYPTION_KEYS: `k1:${short}` });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('TOKEN_ENCRYPTION_KEYS');
    expect(result.stderr).not.toContain(short);
  });

  it('requires the secrets in production', () => {
    const result = start({
      NODE_ENV: 'production',
      DATABASE_URL: '',
      TOKEN_ENCRYPTION_KEYS: '',
      APP_URL: '',
    });
    expect(result.status).toBe(1);
    for (const name of ['DATABASE_URL', 'APP_URL', 'TOKEN_ENCRYPTION_KEYS'])
      expect(result.stderr).toContain(name);
  });
});
