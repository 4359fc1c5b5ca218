// Embedded mode's Redis: REDIS_URL, else a Redis on 127.0.0.1:6379, else a redis-server found on
// PATH started with its data in .data/redis, else none (publishing pauses; posts stay safe in PostgreSQL).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DEFAULT_REDIS_URL } from '@pauta/core/config/env';
import { freePort } from './free-port.js';

export interface ResolvedRedis {
  url: string | null;
  source: 'env' | 'local' | 'spawned' | 'none';
  stop(): Promise<void>;
}

/** Sends PING over a raw socket: true when a Redis answers within the timeout. */
export function pingRedis(url: string, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) =>
      done(data.toString().startsWith('+PONG') || data.toString().startsWith('-NOAUTH')),
    );
  });
}

export async function resolveRedis(options: {
  envUrl: string | undefined;
  dataDir: string;
}): Promise<ResolvedRedis> {
  const noop = async () => {};
  if (options.envUrl) return { url: options.envUrl, source: 'env', stop: noop };
  const local = DEFAULT_REDIS_URL;
  if (await pingRedis(local)) return { url: local, source: 'local', stop: noop };

  const found = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  if (found.error || found.status !== 0) return { url: null, source: 'none', stop: noop };

  const dir = path.join(options.dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    [
      '--bind',
      '127.0.0.1',
      '--port',
      String(port),
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--maxmemory-policy',
      'noeviction',
      '--save',
      '',
    ],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    if (await pingRedis(url, 200)) {
      return {
        url,
        source: 'spawned',
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  return { url: null, source: 'none', stop: noop };
}
