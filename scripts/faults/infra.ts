// The fault harness's own infrastructure (npm run faults): a private PostgreSQL cluster and a
// private Redis it may restart and wipe freely, and the web and worker as child processes. Never
// the shared PostgreSQL (5432) or Redis (6379).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { systemEnv } from '../env.js';
import { freePort } from '../free-port.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `runuser -u postgres -- <pg tool> …`: initdb and pg_ctl refuse to run as root. */
async function asPostgres(binDir: string, tool: string, args: string[]): Promise<string> {
  const { stdout, stderr } = await run(
    'runuser',
    ['-u', 'postgres', '--', path.join(binDir, tool), ...args],
    {
      timeout: 120_000,
    },
  );
  return `${stdout}${stderr}`;
}

/** A PostgreSQL cluster of our own in a temporary folder owned by `postgres`, trust auth on 127.0.0.1. */
export class PrivatePostgres {
  private constructor(
    readonly binDir: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  static async start(binDir: string): Promise<PrivatePostgres> {
    const dir = mkdtempSync('/tmp/pauta-faults-pg-');
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(dir, uid, gid);
    const pg = new PrivatePostgres(binDir, dir, await freePort());
    await asPostgres(binDir, 'initdb', [
      '-D',
      pg.dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    await asPostgres(binDir, 'pg_ctl', [
      '-D',
      pg.dataDir,
      '-l',
      path.join(dir, 'postgres.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${pg.port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
      'start',
    ]);
    return pg;
  }

  /**
   * `pg_ctl restart -m fast`: every connection is dropped, the cluster is back when it returns.
   * `-l` again: without it the new postmaster would keep pg_ctl's output pipes open (and this call
   * would wait for them until its timeout).
   */
  async restart(): Promise<void> {
    await asPostgres(this.binDir, 'pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dir, 'postgres.log'),
      '-w',
      '-t',
      '60',
      '-m',
      'fast',
      'restart',
    ]);
  }

  async stop(keep: boolean): Promise<void> {
    await asPostgres(this.binDir, 'pg_ctl', ['-D', this.dataDir, '-w', '-m', 'immediate', 'stop']).catch(
      () => '',
    );
    if (!keep) rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A redis-server of our own (no persistence), a child of this process. */
export class PrivateRedis {
  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(binary: string): Promise<PrivateRedis> {
    const port = await freePort();
    const child = spawn(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
      ],
      { stdio: 'ignore' },
    );
    const redis = new PrivateRedis(child, port);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const ok = await run('redis-cli', ['-p', String(port), 'PING']).then(
        (r) => r.stdout.trim() === 'PONG',
        () => false,
      );
      if (ok) return redis;
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`redis-server não subiu na porta ${port}`);
      await sleep(100);
    }
  }

  async flushAll(): Promise<void> {
    await run('redis-cli', ['-p', String(this.port), 'FLUSHALL']);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

export interface Child {
  label: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** Set before a signal the harness sends on purpose, so an exit is not taken for a crash. */
  expectedExit: boolean;
  alive(): boolean;
}

const children = new Set<Child>();
let shuttingDown = false;

/** From now on no child is started (a supervisor must not replace what Ctrl-C stopped). */
export function shutDown(): void {
  shuttingDown = true;
}

/** `node --import tsx <script>` with the system's environment plus `env`. */
export function spawnNode(label: string, script: string, env: Record<string, string>): Child {
  if (shuttingDown) throw new Error(`encerrando: ${label} não é iniciado`);
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...systemEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const handle: Child = {
    label,
    child,
    output: () => output,
    exited,
    expectedExit: false,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
  children.add(handle);
  void exited.then(() => children.delete(handle));
  return handle;
}

export async function waitForOutput(c: Child, text: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!c.output().includes(text)) {
    if (!c.alive()) throw new Error(`${c.label} saiu antes de ficar pronto:\n${c.output()}`);
    if (Date.now() > deadline)
      throw new Error(`${c.label} não ficou pronto em ${timeoutMs} ms:\n${c.output()}`);
    await sleep(100);
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; SIGCONT first in case it is stopped. */
export async function stopChild(c: Child, graceMs = 15_000): Promise<void> {
  c.expectedExit = true;
  if (!c.alive()) return;
  c.child.kill('SIGCONT');
  c.child.kill('SIGTERM');
  const timer = setTimeout(() => c.child.kill('SIGKILL'), graceMs);
  await c.exited;
  clearTimeout(timer);
}

export async function stopAllChildren(): Promise<void> {
  shutDown();
  await Promise.all([...children].map((c) => stopChild(c, 5_000)));
}
