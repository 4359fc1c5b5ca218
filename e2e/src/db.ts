// Direct database access for e2e set-up and assertions (promoting an admin, counting rows).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { e2eEnv } from './env.js';

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: e2eEnv().databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export async function promoteToAdmin(email: string): Promise<void> {
  await sql(
    `WITH u AS (SELECT id FROM users WHERE email = lower($1))
     , d AS (DELETE FROM user_roles WHERE user_id = (SELECT id FROM u))
     INSERT INTO user_roles (user_id, role) SELECT id, 'admin' FROM u`,
    [email],
  );
  await sql('DELETE FROM auth_sessions WHERE user_id = (SELECT id FROM users WHERE email = lower($1))', [
    email,
  ]);
}

let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@e2e.pauta.dev`;
}

/** Every email the test SMTP server received, raw (RFC 822), oldest first. */
export function receivedMail(): string[] {
  const dir = e2eEnv().mailDir;
  return readdirSync(dir)
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'latin1'));
}

/** The raw email to `to` whose text matches `pattern`, waiting up to `timeoutMs`. */
export async function waitForMail(to: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = receivedMail().find(
      (m) => m.toLowerCase().includes(to.toLowerCase()) && pattern.test(decodeMail(m)),
    );
    if (found) return decodeMail(found);
    if (Date.now() > deadline) throw new Error(`nenhum email para ${to} com ${pattern}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The message as searchable UTF-8 text: quoted-printable and base64 parts decoded (the raw file
 * is read as latin1, byte for byte).
 */
export function decodeMail(raw: string): string {
  const base64Parts = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi),
  ].map((m) => Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'));
  const qp = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return [Buffer.from(qp, 'latin1').toString('utf8'), ...base64Parts].join('\n');
}
