// Configurações → Fuso horário (issue 30): the person's zone is editable after sign-up; an unknown
// zone is refused and changes nothing; setting the same zone again is harmless; the session (and so
// every time the app shows and every date it combines) follows the new zone.
import type { DbHandle } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { listen, signedInUser, testDeps } from '../../../test/server-harness.js';

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };

beforeAll(async () => {
  handle = await testDb();
  app = await listen(testDeps(handle));
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

type Session = { user: { timezone: string } | null };

async function storedZone(userId: string) {
  const row = await handle.db
    .selectFrom('profiles')
    .select('timezone')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.timezone;
}

describe('auth.setTimeZone', () => {
  it('stores a new IANA zone, and the session answers it from the next request on', async () => {
    const me = await signedInUser(handle, app.url, { label: 'fuso', timezone: 'America/Sao_Paulo' });
    const res = await me.browser.mutate<{ timezone: string }>('auth.setTimeZone', {
      timeZone: 'Europe/Lisbon',
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ timezone: 'Europe/Lisbon' });
    expect(await storedZone(me.id)).toBe('Europe/Lisbon');
    const session = await me.browser.query<Session>('auth.session');
    expect(session.data?.user?.timezone).toBe('Europe/Lisbon');
    // Again with the same zone (a repeat, or a second click): the same answer, nothing else changes.
    const again = await me.browser.mutate<{ timezone: string }>('auth.setTimeZone', {
      timeZone: 'Europe/Lisbon',
    });
    expect(again.data).toEqual({ timezone: 'Europe/Lisbon' });
  });

  it('refuses an unknown zone or a wrong shape with 400 and keeps the stored one', async () => {
    const me = await signedInUser(handle, app.url, { label: 'fuso-ruim', timezone: 'America/Manaus' });
    for (const input of [
      { timeZone: 'Marte/Olympus_Mons' },
      { timeZone: '' },
      { timeZone: 'x'.repeat(65) },
      {},
    ]) {
      const res = await me.browser.mutate('auth.setTimeZone', input);
      expect(res.status, JSON.stringify(input)).toBe(400);
    }
    expect(await storedZone(me.id)).toBe('America/Manaus');
  });

  it("changes only the caller's zone, and refuses a signed-out request", async () => {
    const me = await signedInUser(handle, app.url, { label: 'fuso-eu' });
    const other = await signedInUser(handle, app.url, { label: 'fuso-outro', timezone: 'America/Recife' });
    await me.browser.mutate('auth.setTimeZone', { timeZone: 'Asia/Tokyo' });
    expect(await storedZone(other.id)).toBe('America/Recife');
    me.browser.jar.delete('pauta_session');
    const res = await me.browser.mutate('auth.setTimeZone', { timeZone: 'Asia/Seoul' });
    expect(res.status).toBe(401);
    expect(await storedZone(me.id)).toBe('Asia/Tokyo');
  });
});
