// The embedded database's folder holds sessions, sealed tokens and every user's data: only the
// user running Pauta may read it (issue 24, item 5: an attack found 968 of 1,145 files 0644 under
// a 0755 folder).
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './client.js';
import { migrateToLatest } from './migrations.js';
import { createUser } from './repositories/users.repository.js';

const root = mkdtempSync(path.join(tmpdir(), 'pauta-pglite-perm-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every folder and file under `dir` (itself included) whose mode lets group or others in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (target: string) => {
    const stat = statSync(target);
    if ((stat.mode & 0o077) !== 0) found.push(`${target} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(target)) walk(path.join(target, name));
  };
  walk(dir);
  return found;
}

function countEntries(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    n++;
    if (entry.isDirectory()) n += countEntries(path.join(dir, entry.name));
  }
  return n;
}

describe('PGlite data folder permissions', () => {
  it('a fresh data folder, migrated and written to, has no file or folder readable by group or others', async () => {
    const dataDir = path.join(root, 'fresh', 'pglite');
    const handle = await createDb({ pgliteDataDir: dataDir });
    try {
      await migrateToLatest(handle.db);
      await createUser(handle.db, { email: 'perm@exemplo.com', passwordHash: null });
    } finally {
      await handle.close();
    }
    expect(countEntries(dataDir)).toBeGreaterThan(100);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 60_000);

  it('an existing folder left open by an older version is closed on the next start', async () => {
    const dataDir = path.join(root, 'old', 'pglite');
    mkdirSync(dataDir, { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, 'stray.txt'), 'x', { mode: 0o644 });
    chmodSync(path.join(dataDir, 'stray.txt'), 0o644);
    const handle = await createDb({ pgliteDataDir: dataDir });
    await handle.close();
    expect(openToOthers(dataDir)).toEqual([]);
  }, 60_000);
});
