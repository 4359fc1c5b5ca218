// `npm run create-admin` while `npm start` is running (issue 13). The embedded database (PGlite)
// lives inside the running process and must never be opened by a second one, so create-admin
// cannot reach it directly. Instead the running app opens a local-only channel: an HTTP server on
// 127.0.0.1 (a random port) that accepts only `POST /create-admin` with a bearer token. Port and
// token are in `<PAUTA_DATA_DIR>/admin-channel.json`, readable only by the owner of the data
// folder (mode 0600) — whoever can read it could open the database files anyway. The file is
// removed when the app stops. With DATABASE_URL (PostgreSQL) none of this is needed.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Database, findUserByEmail, setRole } from '@pauta/db';
import type { Kysely } from 'kysely';

export const ADMIN_CHANNEL_FILE = 'admin-channel.json';
const LOCK_FILE = 'pauta.pid';

export type GrantResult = { ok: true; email: string } | { ok: false; reason: 'not_found' };

/** Makes an existing user an admin (and ends their sessions, so the role applies on next sign-in). */
export async function grantAdmin(db: Kysely<Database>, email: string): Promise<GrantResult> {
  const user = await findUserByEmail(db, email);
  if (!user) return { ok: false, reason: 'not_found' };
  await db.transaction().execute((trx) => setRole(trx, user.id, 'admin'));
  return { ok: true, email: user.email };
}

/** The pid of a live process holding the data folder (the running embedded app), or null. */
export function dataDirHolder(dir: string): number | null {
  const lock = path.join(dir, LOCK_FILE);
  if (!existsSync(lock)) return null;
  const pid = Number(readFileSync(lock, 'utf8'));
  if (!(pid > 0) || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, but another user's process.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/**
 * Takes the data folder for this process (PGlite serves one process). Returns the release
 * function, or the pid of the live process that holds it.
 */
export function lockDataDir(dir: string): { release: () => void } | { heldBy: number } {
  const holder = dataDirHolder(dir);
  if (holder !== null) return { heldBy: holder };
  mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, LOCK_FILE);
  writeFileSync(lock, String(process.pid));
  return { release: () => rmSync(lock, { force: true }) };
}

async function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface AdminChannel {
  port: number;
  close(): Promise<void>;
}

/** Opens the channel for the running app and writes `admin-channel.json` (0600) in `dataDir`. */
export async function openAdminChannel(options: {
  dataDir: string;
  db: Kysely<Database>;
  onGrant?: (email: string) => void;
}): Promise<AdminChannel> {
  const token = randomBytes(32).toString('base64url');
  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/create-admin') return answer(404, { error: 'not_found' });
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Bearer ') || !sameToken(auth.slice(7), token))
        return answer(401, { error: 'unauthorized' });
      const body = await readBody(req, 2048);
      let email: unknown;
      try {
        email = body === null ? undefined : (JSON.parse(body) as { email?: unknown }).email;
      } catch {
        email = undefined;
      }
      if (typeof email !== 'string' || email.trim() === '' || email.length > 320)
        return answer(400, { error: 'invalid_email' });
      const result = await grantAdmin(options.db, email);
      if (result.ok) options.onGrant?.(result.email);
      return answer(result.ok ? 200 : 404, result);
    })().catch(() => answer(500, { error: 'internal' }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const file = path.join(options.dataDir, ADMIN_CHANNEL_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ port, token, pid: process.pid }), { mode: 0o600 });
  renameSync(tmp, file);
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        rmSync(file, { force: true });
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** create-admin's side: asks the running app (holding the data folder) to grant the role. */
export async function requestAdminGrant(
  dataDir: string,
  email: string,
): Promise<GrantResult | { ok: false; reason: 'no_channel' | 'refused' }> {
  let channel: { port: number; token: string };
  try {
    channel = JSON.parse(readFileSync(path.join(dataDir, ADMIN_CHANNEL_FILE), 'utf8')) as typeof channel;
  } catch {
    return { ok: false, reason: 'no_channel' };
  }
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${channel.port}/create-admin`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${channel.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
  } catch {
    return { ok: false, reason: 'no_channel' };
  }
  if (response.status === 200 || response.status === 404) {
    const body = (await response.json()) as GrantResult | { error: string };
    if ('ok' in body) return body;
  }
  return { ok: false, reason: 'refused' };
}
