// Direct database access for e2e set-up and assertions (promoting an admin, counting rows).
import pg from 'pg';
import { inject } from 'vitest';

export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
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
