// Failure emails in digests (issue 13: 34 failures sent 34 emails in the same minute), against
// real PostgreSQL: the first failure is emailed at once, the rest of the window in one digest.
import { randomUUID } from 'node:crypto';
import type { PublishErrorCode } from '@pauta/core';
import { createUser, type DbHandle } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb, uniqueEmail } from '../../../test/harness.js';
import { FAILURE_EMAIL_WINDOW_MS, notifyPublishFailure, sendDueFailureDigests } from './notify.js';

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => handle?.close());

const T0 = new Date('2026-12-01T13:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

async function owner(label: string) {
  return createUser(handle.db, {
    email: uniqueEmail(label),
    passwordHash: null,
    firstName: 'Ana',
    timezone: 'America/Sao_Paulo',
  });
}

function post(userId: string, title: string) {
  return {
    id: randomUUID(),
    workspace_id: userId,
    user_id: userId,
    title,
    platform: 'linkedin' as const,
    scheduled_for: new Date('2026-12-01T12:59:00Z'),
  };
}

function fail(userId: string, title: string, now: Date, code: PublishErrorCode = 'REJECTED') {
  return notifyPublishFailure(
    { db: handle.db, appUrl: 'https://pauta.example', now: () => now },
    post(userId, title),
    code,
  );
}

function sweep(now: Date) {
  return sendDueFailureDigests({ db: handle.db, appUrl: 'https://pauta.example', now: () => now });
}

async function outbox(to: string) {
  return handle.db
    .selectFrom('email_outbox')
    .select(['template_name', 'subject', 'html'])
    .where('to_address', '=', to)
    .orderBy('created_at')
    .execute();
}

describe('failure emails: one per user per window', () => {
  it('34 failures in the same minute: the first at once, the other 33 in one digest when the window ends', async () => {
    const ana = await owner('digest');
    for (let i = 1; i <= 34; i++) await fail(ana.id, `Post ${i}`, at(i / 60));
    let mail = await outbox(ana.email);
    expect(mail.map((m) => m.template_name)).toEqual(['publish_failure']);
    expect(mail[0]?.html).toContain('Post 1');

    // Inside the window nothing more goes out, however often the sweep runs. (The sweep's own count
    // covers every user of the shared test database, so the owner's outbox is what is checked.)
    await sweep(at(5));
    await sweep(at(14));
    expect(await outbox(ana.email)).toHaveLength(1);

    // The window ended: one digest with the 33 others, oldest first, in the owner's time zone.
    await sweep(at(1 / 60 + FAILURE_EMAIL_WINDOW_MS / 60_000));
    mail = await outbox(ana.email);
    expect(mail.map((m) => m.template_name)).toEqual(['publish_failure', 'publish_failure_digest']);
    const digest = mail[1]!;
    expect(digest.subject).toBe('33 posts não foram publicados');
    expect(digest.html).toContain('• Post 2 — LinkedIn, 01/12/2026 09:59: A rede recusou a publicação.');
    expect(digest.html).toContain('• Post 34 —');
    expect(digest.html).not.toContain('Post 1 —');
    expect(digest.html.indexOf('Post 2 —')).toBeLessThan(digest.html.indexOf('Post 34 —'));
    // Sent: a later sweep sends nothing again.
    await sweep(at(60));
    expect(await outbox(ana.email)).toHaveLength(2);
  });

  it('after a quiet window, the next failure goes out at once again; a lone waiting failure goes as a single email', async () => {
    const bia = await owner('quiet');
    await fail(bia.id, 'Primeiro', at(0));
    await fail(bia.id, 'Segundo', at(3), 'ACCOUNT_NEEDS_RECONNECT');
    await sweep(at(15));
    let mail = await outbox(bia.email);
    // One waiting failure is not a "digest of 1": it is the usual single email.
    expect(mail.map((m) => m.template_name)).toEqual(['publish_failure', 'publish_failure']);
    expect(mail[1]?.html).toContain('Segundo');
    await fail(bia.id, 'Terceiro', at(40));
    mail = await outbox(bia.email);
    expect(mail.map((m) => m.html.includes('Terceiro'))).toEqual([false, false, true]);
  });

  it('concurrent failures of the same user (several workers) queue one immediate email', async () => {
    const caio = await owner('concurrent');
    await Promise.all(Array.from({ length: 10 }, (_, i) => fail(caio.id, `Paralelo ${i}`, at(0))));
    expect(await outbox(caio.email)).toHaveLength(1);
    await sweep(at(15));
    const mail = await outbox(caio.email);
    expect(mail.map((m) => m.template_name)).toEqual(['publish_failure', 'publish_failure_digest']);
    expect(mail[1]?.subject).toBe('9 posts não foram publicados');
  });

  it("one user's failures never delay or join another user's email", async () => {
    const a = await owner('iso-a');
    const b = await owner('iso-b');
    await fail(a.id, 'De A', at(0));
    await fail(a.id, 'De A de novo', at(1));
    await fail(b.id, 'De B', at(1));
    expect((await outbox(b.email)).map((m) => m.html.includes('De B'))).toEqual([true]);
    await sweep(at(15));
    expect((await outbox(b.email)).length).toBe(1);
    expect((await outbox(a.email)).map((m) => m.html.includes('De B'))).toEqual([false, false]);
  });
});
