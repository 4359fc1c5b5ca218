// A private PostgreSQL 15 cluster for tests that stop and restart the database: its own data
// folder and port, so the shared server other tests use (127.0.0.1:5432) is never touched.
// initdb refuses to run as root; as root every command runs as the `postgres` OS user.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

export interface PrivateCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** pg_ctl stop -m fast: every connection gets 57P01 and the server exits. */
  stop(): void;
  start(): void;
  /** The server's own log (to print when a test fails). */
  log(): string;
  /** Stops the server (immediate) and deletes its folder. */
  destroy(): void;
}

export function privateClusterAvailable(): boolean {
  return existsSync(path.join(BIN, 'initdb')) && existsSync(path.join(BIN, 'pg_ctl'));
}

export function startPrivateCluster(port: number): PrivateCluster {
  const dir = mkdtempSync(path.join(tmpdir(), 'pauta-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (bin: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, bin), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(BIN, bin), args, { stdio: 'pipe' });
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  // fsync off: a test cluster on a shared machine; a fast shutdown still writes everything.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', logFile, '-w', '-t', '30', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']),
    start,
    log: () => {
      try {
        return execFileSync('tail', ['-n', '40', logFile], { encoding: 'utf8' });
      } catch {
        return '';
      }
    },
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
