// compileOnce (compiled.ts): a statement built once with placeholders runs with each call's values
// exactly as the builder would have run it — the same SQL, the same parameters in the same order,
// the same rows — and refuses a placeholder that never became a parameter. Then the statements of
// the repositories that use it (session lookup, idempotency claim and record) against PostgreSQL.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../test/harness.js';
import type { DbHandle } from './client.js';
import { compileOnce } from './compiled.js';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  readIdempotencyKey,
} from './repositories/idempotency.repository.js';
import { findSessionWithUser, insertSession } from './repositories/sessions.repository.js';

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

describe('compileOnce', () => {
  it('sends the SQL and parameters the builder compiles, with each call its own values', async () => {
    const build = (id: string, email: string, limit: number) =>
      handle.db
        .selectFrom('users')
        .select(['id', 'email', sql<string>`${'constante'}::text`.as('tag')])
        .where('id', '=', id)
        .where('email', '=', email)
        .limit(limit);
    const once = compileOnce<
      { id: string; email: string; limit: number },
      { id: string; email: string; tag: string }
    >((db, p) =>
      db
        .selectFrom('users')
        .select(['id', 'email', sql<string>`${'constante'}::text`.as('tag')])
        .where('id', '=', p.id)
        .where('email', '=', p.email)
        .limit(p.limit),
    );
    const a = await makeUser(handle, 'compilado-a');
    const b = await makeUser(handle, 'compilado-b');
    for (const user of [a, b, a]) {
      const expected = await build(user.id, user.email, 1).execute();
      const got = await once(handle.db, { id: user.id, email: user.email, limit: 1 });
      expect(got.rows).toEqual(expected);
      expect(got.rows).toEqual([{ id: user.id, email: user.email, tag: 'constante' }]);
    }
    // A value that matches nothing gives nothing (the values really are the call's).
    expect((await once(handle.db, { id: a.id, email: b.email, limit: 1 })).rows).toEqual([]);
    // Inside a transaction, the same statement.
    await handle.db.transaction().execute(async (trx) => {
      expect((await once(trx, { id: b.id, email: b.email, limit: 5 })).rows).toHaveLength(1);
    });
  });

  it('refuses a placeholder used to decide the shape of the statement', () => {
    const shaped = compileOnce<{ id: string; limit: number }, { id: string }>((db, p) =>
      // `p.limit` is read but never becomes a parameter.
      db
        .selectFrom('users')
        .select('id')
        .where('id', '=', p.id)
        .limit(typeof p.limit === 'number' ? p.limit : 10),
    );
    expect(() => shaped(handle.db, { id: randomUUID(), limit: 1 })).toThrow(/limit não virou parâmetro/);
  });
});

describe('repository statements compiled once', () => {
  it('finds a session with its user, and nothing for an unknown id', async () => {
    const user = await makeUser(handle, 'sessao-compilada');
    const id = randomUUID();
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    await insertSession(handle.db, {
      id,
      userId: user.id,
      secretHash: new Uint8Array([1, 2, 3]),
      persistent: true,
      now,
    });
    const row = await findSessionWithUser(handle.db, id);
    expect(row).toMatchObject({ id, user_id: user.id, persistent: true, email: user.email });
    expect(Buffer.from(row!.secret_hash)).toEqual(Buffer.from([1, 2, 3]));
    expect(row!.created_at.getTime()).toBe(now.getTime());
    expect(await findSessionWithUser(handle.db, randomUUID())).toBeUndefined();
  });

  it('claims a key once, records its result under the claim only, for a user and for the anonymous scope', async () => {
    const user = await makeUser(handle, 'chave-compilada');
    for (const userId of [user.id, null]) {
      const key = randomUUID();
      const [c1, c2] = [randomUUID(), randomUUID()];
      const claim = { userId, key, procedure: 'themes.update', fingerprint: 'f1', ttlMs: 60_000 };
      const first = await claimIdempotencyKey(handle.db, { ...claim, claimId: c1 });
      expect(first).toEqual({ claimed: true, claimId: c1 });
      const second = await claimIdempotencyKey(handle.db, { ...claim, claimId: c2 });
      expect(second).toMatchObject({ claimed: false, existing: { state: 'in_progress', fingerprint: 'f1' } });
      // Another claim id holds nothing.
      expect(await completeIdempotencyKey(handle.db, { userId, key, claimId: c2, response: { x: 1 } })).toBe(
        false,
      );
      expect(await completeIdempotencyKey(handle.db, { userId, key, claimId: c1, response: { ok: 1 } })).toBe(
        true,
      );
      expect(await completeIdempotencyKey(handle.db, { userId, key, claimId: c1, response: { ok: 2 } })).toBe(
        false,
      );
      expect(await readIdempotencyKey(handle.db, { userId, key })).toMatchObject({
        state: 'done',
        response: { ok: 1 },
        procedure: 'themes.update',
      });
    }
  });
});
