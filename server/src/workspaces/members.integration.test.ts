// Members and invitations over HTTP on real PostgreSQL (docs/workspaces.md, "Members",
// "Invitations", "Deleting a person"): the owner lists, changes roles, removes and hands over the
// ownership; the last owner never leaves nor is demoted (also when two owners demote each other
// at once); invitations are emailed into the local mailbox, single-use, expiring, revocable; a
// new and an existing person accept; a removed member's next call is refused; a departing
// member's work stays with the workspace.
import { WORKSPACE_HEADER } from '@pauta/core';
import { type DbHandle, insertDeletionRequest, insertTheme } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb, uniqueEmail } from '../../../test/harness.js';
import { TestClient } from '../../../test/http-client.js';
import { listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import { completeDeletionRequest } from '../admin/admin.service.js';
import { LocalMailbox } from '../email/local-mailbox.js';
import { createLogger } from '../logger.js';
import { INVITATION_LIMIT } from './invitations.service.js';

let handle: DbHandle;
let drop: () => Promise<void>;
let server: { url: string; close(): Promise<void> };
let mailbox: LocalMailbox;

type Person = Awaited<ReturnType<typeof signedInUser>> & { email: string };
let ana: Person;
let bruno: Person;
let carla: Person;

const themeFields = {
  name: 'Receitas',
  description: 'Receitas rápidas',
  toneOfVoice: ['casual'],
  avoidTopics: [],
  socialNetworks: ['linkedin' as const, 'x' as const],
  frequency: 'weekly' as const,
  colorPalette: 'orange',
};

async function person(label: string): Promise<Person> {
  const p = await signedInUser(handle, server.url, { label });
  const row = await handle.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', p.id)
    .executeTakeFirstOrThrow();
  return { ...p, email: row.email };
}

function as(p: { browser: TestClient }, workspaceId: string | null) {
  if (workspaceId === null) p.browser.headers.delete(WORKSPACE_HEADER);
  else p.browser.headers.set(WORKSPACE_HEADER, workspaceId);
  return p.browser;
}

async function newWorkspace(owner: Person, name: string): Promise<string> {
  const created = await as(owner, null).mutate<{ workspace: { id: string } }>('workspaces.create', { name });
  expect(created.status).toBe(200);
  return created.data!.workspace.id;
}

async function addMember(
  workspaceId: string,
  userId: string,
  role: 'owner' | 'editor' | 'reviewer' | 'client',
) {
  await handle.db
    .insertInto('workspace_members')
    .values({ workspace_id: workspaceId, user_id: userId, role })
    .execute();
}

async function roleIn(workspaceId: string, userId: string) {
  const row = await handle.db
    .selectFrom('workspace_members')
    .select('role')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

/** The invitation link of the newest email to `email` in the local mailbox (as a person reads it). */
async function invitationLinkFor(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const message = mailbox.inbox(email)[0];
    if (message) {
      const [, id, key] = message.link.match(/\/dev\/mailbox\/([^?]+)\?k=(.+)$/)!;
      const opened = mailbox.open(id!, key!)!;
      const href = opened.html.match(/href="([^"]+\/convite\?token=[^"]+)"/)?.[1];
      if (href) return href.replaceAll('&amp;', '&');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nenhum convite para ${email}`);
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token')!;
}

beforeAll(async () => {
  ({ handle, drop } = await isolatedDb());
  const base = testDeps(handle);
  mailbox = new LocalMailbox({
    appUrl: base.env.appUrl,
    logger: createLogger({ level: 'silent', pretty: false }),
  });
  server = await listen({ ...base, localMailbox: mailbox });
  ana = await person('ana');
  bruno = await person('bruno');
  carla = await person('carla');
}, 60_000);

afterAll(async () => {
  await server?.close();
  await drop();
});

describe('the members page', () => {
  it('lists the members with name, email, role and since; the team sees it, a Cliente does not', async () => {
    const ws = await newWorkspace(ana, 'Padaria');
    await addMember(ws, bruno.id, 'editor');
    await addMember(ws, carla.id, 'client');
    const list = await as(ana, ws).query<{
      members: { userId: string; email: string; role: string; since: string }[];
    }>('workspaces.members');
    expect(list.status).toBe(200);
    expect(list.data!.members.map((m) => [m.userId, m.email, m.role])).toEqual([
      [ana.id, ana.email, 'owner'],
      [bruno.id, bruno.email, 'editor'],
      [carla.id, carla.email, 'client'],
    ]);
    expect(new Date(list.data!.members[0]!.since).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await as(bruno, ws).query('workspaces.members')).status).toBe(200);
    expect((await as(carla, ws).query('workspaces.members')).error?.message).toBe('FORBIDDEN');
    // Only the owner manages: an editor can neither list invitations nor change a role.
    expect((await as(bruno, ws).query('workspaces.invitations')).error?.message).toBe('FORBIDDEN');
    const refused = await as(bruno, ws).mutate('workspaces.changeRole', { userId: carla.id, role: 'editor' });
    expect(refused.error?.message).toBe('FORBIDDEN');
    expect(await roleIn(ws, carla.id)).toBe('client');
  });

  it('changes a role; the last owner can never be demoted nor removed, and may not leave', async () => {
    const ws = await newWorkspace(ana, 'Clínica');
    await addMember(ws, bruno.id, 'editor');
    const changed = await as(ana, ws).mutate<{ changed: boolean }>('workspaces.changeRole', {
      userId: bruno.id,
      role: 'reviewer',
    });
    expect(changed.data).toEqual({ changed: true });
    expect(await roleIn(ws, bruno.id)).toBe('reviewer');
    const demoteSelf = await as(ana, ws).mutate('workspaces.changeRole', { userId: ana.id, role: 'editor' });
    expect(demoteSelf.error?.message).toBe('CONFLICT');
    expect(demoteSelf.error?.details).toEqual({ reason: 'LAST_OWNER' });
    expect((await as(ana, ws).mutate('workspaces.removeMember', { userId: ana.id })).error?.details).toEqual({
      reason: 'LAST_OWNER',
    });
    expect((await as(ana, ws).mutate('workspaces.leave', {})).error?.details).toEqual({
      reason: 'LAST_OWNER',
    });
    expect(await roleIn(ws, ana.id)).toBe('owner');
    // A bad role is a validation error and changes nothing.
    const bad = await as(ana, ws).mutate('workspaces.changeRole', { userId: bruno.id, role: 'admin' });
    expect(bad.status).toBe(400);
    expect(await roleIn(ws, bruno.id)).toBe('reviewer');
  });

  it('a personal workspace keeps its person as owner', async () => {
    const transfer = await as(ana, null).mutate('workspaces.transferOwnership', { userId: bruno.id });
    // Bruno is not in Ana's personal workspace: add him, then try.
    expect(transfer.status).toBeGreaterThanOrEqual(400);
    await addMember(ana.id, bruno.id, 'editor');
    const again = await as(ana, null).mutate('workspaces.transferOwnership', { userId: bruno.id });
    expect(again.error?.details).toEqual({ reason: 'PERSONAL_OWNER' });
    // Even with a second owner, the person stays owner of their personal workspace.
    await as(ana, null).mutate('workspaces.changeRole', { userId: bruno.id, role: 'owner' });
    const demote = await as(bruno, ana.id).mutate('workspaces.changeRole', {
      userId: ana.id,
      role: 'editor',
    });
    expect(demote.error?.details).toEqual({ reason: 'PERSONAL_OWNER' });
    expect(await roleIn(ana.id, ana.id)).toBe('owner');
    await as(ana, null).mutate('workspaces.removeMember', { userId: bruno.id });
    expect(await roleIn(ana.id, bruno.id)).toBeNull();
  });

  it('two owners demoting each other at once leave exactly one owner', async () => {
    for (let round = 0; round < 5; round++) {
      const ws = await newWorkspace(ana, `Academia ${round}`);
      await addMember(ws, bruno.id, 'owner');
      const [a, b] = await Promise.all([
        as({ browser: cloneOf(ana) }, ws).mutate('workspaces.changeRole', {
          userId: bruno.id,
          role: 'editor',
        }),
        as({ browser: cloneOf(bruno) }, ws).mutate('workspaces.changeRole', {
          userId: ana.id,
          role: 'editor',
        }),
      ]);
      const owners = await handle.db
        .selectFrom('workspace_members')
        .select('user_id')
        .where('workspace_id', '=', ws)
        .where('role', '=', 'owner')
        .execute();
      expect(owners).toHaveLength(1);
      // One succeeded; the other was refused (no longer an owner, or the last owner).
      expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    }
  });

  it('transfers the ownership: the member becomes owner, the owner an editor', async () => {
    const ws = await newWorkspace(ana, 'Pet shop');
    await addMember(ws, bruno.id, 'reviewer');
    const done = await as(ana, ws).mutate('workspaces.transferOwnership', { userId: bruno.id });
    expect(done.status).toBe(200);
    expect(await roleIn(ws, bruno.id)).toBe('owner');
    expect(await roleIn(ws, ana.id)).toBe('editor');
    // Ana is no longer an owner: she can no longer manage the members.
    expect((await as(ana, ws).mutate('workspaces.removeMember', { userId: bruno.id })).error?.message).toBe(
      'FORBIDDEN',
    );
  });

  it('a removed member is refused on the next call; a member may leave', async () => {
    const ws = await newWorkspace(ana, 'Floricultura');
    await addMember(ws, bruno.id, 'editor');
    await addMember(ws, carla.id, 'reviewer');
    expect((await as(bruno, ws).query('themes.list')).status).toBe(200);
    const removed = await as(ana, ws).mutate<{ removed: boolean }>('workspaces.removeMember', {
      userId: bruno.id,
    });
    expect(removed.data).toEqual({ removed: true });
    const next = await as(bruno, ws).query('themes.list');
    expect(next.status).toBe(404);
    expect(next.error?.message).toBe('WORKSPACE_UNAVAILABLE');
    expect((await as(bruno, ws).mutate('themes.create', themeFields)).error?.message).toBe(
      'WORKSPACE_UNAVAILABLE',
    );
    // Removing again changes nothing.
    expect((await as(ana, ws).mutate('workspaces.removeMember', { userId: bruno.id })).data).toEqual({
      removed: false,
    });
    const left = await as(carla, ws).mutate('workspaces.leave', {});
    expect(left.data).toEqual({ left: true });
    expect(await roleIn(ws, carla.id)).toBeNull();
    const list = await as(carla, null).query<{ workspaces: { id: string }[] }>('workspaces.list');
    expect(list.data!.workspaces.map((w) => w.id)).not.toContain(ws);
  });
});

/** A second browser with the same session (two tabs firing at once). */
function cloneOf(p: Person): TestClient {
  const client = new TestClient(server.url);
  for (const [k, v] of p.browser.jar) client.jar.set(k, v);
  return client;
}

describe('invitations', () => {
  it('emails a single-use link to the local mailbox; only the hash is stored', async () => {
    const ws = await newWorkspace(ana, 'Confeitaria');
    const email = uniqueEmail('convidada');
    const sent = await as(ana, ws).mutate<{ invitation: { id: string; email: string; role: string } }>(
      'workspaces.invite',
      { email: email.toUpperCase(), role: 'editor' },
    );
    expect(sent.status).toBe(200);
    expect(sent.data!.invitation).toMatchObject({ email, role: 'editor' });
    expect(JSON.stringify(sent.data)).not.toContain('token');
    const link = await invitationLinkFor(email);
    expect(link).toMatch(/^http:\/\/pauta\.test\/convite\?token=/);
    const token = tokenOf(link);
    const row = await handle.db
      .selectFrom('workspace_invitations')
      .selectAll()
      .where('workspace_id', '=', ws)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.secret_hash).toString('hex')).not.toContain(Buffer.from(token).toString('hex'));
    expect(token.startsWith(`${row.id}.`)).toBe(true);
    // The outbox keeps the link sealed, never in clear.
    const outbox = await handle.db
      .selectFrom('email_outbox')
      .select('html')
      .where('to_address', '=', email)
      .execute();
    for (const m of outbox) expect(m.html).not.toContain(token);
    // The owner's list shows it.
    const open = await as(ana, ws).query<{ invitations: { id: string; email: string; expired: boolean }[] }>(
      'workspaces.invitations',
    );
    expect(open.data!.invitations).toEqual([expect.objectContaining({ id: row.id, email, expired: false })]);
  });

  it('a new person previews, creates an account and accepts; accepting twice is harmless', async () => {
    const ws = await newWorkspace(ana, 'Hamburgueria');
    const email = uniqueEmail('nova');
    await as(ana, ws).mutate('workspaces.invite', { email, role: 'reviewer' });
    const token = tokenOf(await invitationLinkFor(email));
    const visitor = new TestClient(server.url);
    const preview = await visitor.query<{ status: string; invitation: Record<string, string> }>(
      'workspaces.previewInvitation',
      { token },
    );
    expect(preview.data).toEqual({
      status: 'pending',
      invitation: { workspaceName: 'Hamburgueria', inviterName: ana.email, role: 'reviewer', email },
    });
    // Signed out, accepting is refused (401), and nothing is spent.
    expect((await visitor.mutate('workspaces.acceptInvitation', { token })).status).toBe(401);
    const password = 'uma frase-senha bem comprida para o teste';
    expect((await visitor.mutate('auth.signUp', { email, password, firstName: 'Nova' })).status).toBe(200);
    expect((await visitor.mutate('auth.signIn', { email, password })).status).toBe(200);
    const accepted = await visitor.mutate<{ workspaceId: string; role: string }>(
      'workspaces.acceptInvitation',
      { token },
    );
    expect(accepted.data).toMatchObject({ workspaceId: ws, workspaceName: 'Hamburgueria', role: 'reviewer' });
    const again = await visitor.mutate<{ workspaceId: string }>('workspaces.acceptInvitation', { token });
    expect(again.data).toMatchObject({ workspaceId: ws, role: 'reviewer' });
    const members = await handle.db
      .selectFrom('workspace_members')
      .select('user_id')
      .where('workspace_id', '=', ws)
      .execute();
    expect(members).toHaveLength(2);
    expect((await visitor.query<{ status: string }>('workspaces.previewInvitation', { token })).data).toEqual(
      {
        status: 'used',
      },
    );
    // In the workspace at once.
    visitor.headers.set(WORKSPACE_HEADER, ws);
    expect((await visitor.query('themes.list')).status).toBe(200);
  });

  it('an existing person accepts with one click; another signed-in email is refused', async () => {
    const ws = await newWorkspace(ana, 'Barbearia');
    await as(ana, ws).mutate('workspaces.invite', { email: bruno.email, role: 'client' });
    const token = tokenOf(await invitationLinkFor(bruno.email));
    const wrong = await as(carla, null).mutate('workspaces.acceptInvitation', { token });
    expect(wrong.status).toBe(400);
    expect(wrong.error?.details).toEqual({ reason: 'INVITATION_OTHER_EMAIL' });
    expect(await roleIn(ws, carla.id)).toBeNull();
    const ok = await as(bruno, null).mutate('workspaces.acceptInvitation', { token });
    expect(ok.status).toBe(200);
    expect(await roleIn(ws, bruno.id)).toBe('client');
    // Inviting a member again is refused with its reason.
    const dup = await as(ana, ws).mutate('workspaces.invite', { email: bruno.email, role: 'editor' });
    expect(dup.error?.details).toEqual({ reason: 'ALREADY_MEMBER' });
    // Removed later, the used link never lets them back in.
    await as(ana, ws).mutate('workspaces.removeMember', { userId: bruno.id });
    const back = await as(bruno, null).mutate('workspaces.acceptInvitation', { token });
    expect(back.error?.details).toEqual({ reason: 'INVITATION_USED' });
    expect(await roleIn(ws, bruno.id)).toBeNull();
  });

  it('refuses wrong, expired and revoked links with their reason; Reenviar voids the old link', async () => {
    const ws = await newWorkspace(ana, 'Livraria');
    const junk = await as(bruno, null).mutate('workspaces.acceptInvitation', { token: 'nada-a-ver' });
    expect(junk.error?.details).toEqual({ reason: 'INVITATION_INVALID' });
    expect(
      (await new TestClient(server.url).query('workspaces.previewInvitation', { token: 'x.y' })).data,
    ).toEqual({
      status: 'invalid',
    });

    await as(ana, ws).mutate('workspaces.invite', { email: bruno.email, role: 'editor' });
    const first = tokenOf(await invitationLinkFor(bruno.email));
    const [, secret] = first.split('.');
    const forged = await as(bruno, null).mutate('workspaces.acceptInvitation', {
      token: `${first.split('.')[0]}.${secret!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
    });
    expect(forged.error?.details).toEqual({ reason: 'INVITATION_INVALID' });

    // Reenviar: a new link; the first is revoked.
    const open = await as(ana, ws).query<{ invitations: { id: string }[] }>('workspaces.invitations');
    const resent = await as(ana, ws).mutate<{ invitation: { id: string } }>('workspaces.resendInvitation', {
      invitationId: open.data!.invitations[0]!.id,
    });
    expect(resent.status).toBe(200);
    let second = tokenOf(await invitationLinkFor(bruno.email));
    for (let i = 0; second === first && i < 50; i++) {
      await new Promise((r) => setTimeout(r, 50));
      second = tokenOf(await invitationLinkFor(bruno.email));
    }
    expect(second).not.toBe(first);
    expect(
      (await as(bruno, null).mutate('workspaces.acceptInvitation', { token: first })).error?.details,
    ).toEqual({
      reason: 'INVITATION_REVOKED',
    });

    // Expired: moved into the past.
    await handle.db
      .updateTable('workspace_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', second.split('.')[0]!)
      .execute();
    expect(
      (await as(bruno, null).mutate('workspaces.acceptInvitation', { token: second })).error?.details,
    ).toEqual({
      reason: 'INVITATION_EXPIRED',
    });
    expect(
      (await new TestClient(server.url).query('workspaces.previewInvitation', { token: second })).data,
    ).toEqual({
      status: 'expired',
    });

    // Revogar: the owner revokes a fresh one; it cannot be used.
    await as(ana, ws).mutate('workspaces.invite', { email: carla.email, role: 'editor' });
    const third = tokenOf(await invitationLinkFor(carla.email));
    const revoked = await as(ana, ws).mutate('workspaces.revokeInvitation', {
      invitationId: third.split('.')[0],
    });
    expect(revoked.data).toEqual({ revoked: true });
    expect(
      (await as(carla, null).mutate('workspaces.acceptInvitation', { token: third })).error?.details,
    ).toEqual({
      reason: 'INVITATION_REVOKED',
    });
    expect(await roleIn(ws, bruno.id)).toBeNull();
    expect(await roleIn(ws, carla.id)).toBeNull();
    // Another workspace's owner cannot revoke it (not found in theirs).
    const other = await newWorkspace(bruno, 'Outra');
    expect(
      (await as(bruno, other).mutate('workspaces.revokeInvitation', { invitationId: third.split('.')[0] }))
        .status,
    ).toBe(404);
  });

  it('one person sends at most 20 invitations an hour; the next is refused and sends nothing', async () => {
    const dora = await person('dora');
    const ws = await newWorkspace(dora, 'Floricultura');
    const invitations = () =>
      handle.db.selectFrom('workspace_invitations').select('id').where('workspace_id', '=', ws).execute();
    for (let i = 0; i < INVITATION_LIMIT.limit; i++)
      expect(
        (await as(dora, ws).mutate('workspaces.invite', { email: uniqueEmail(`lote${i}`), role: 'reviewer' }))
          .status,
      ).toBe(200);
    const extra = uniqueEmail('excesso');
    const refused = await as(dora, ws).mutate('workspaces.invite', { email: extra, role: 'reviewer' });
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toBe('RATE_LIMITED');
    expect(await invitations()).toHaveLength(INVITATION_LIMIT.limit);
    expect(mailbox.inbox(extra)).toEqual([]);
  });

  it('refuses a bad email or role with a validation error and sends nothing', async () => {
    const ws = await newWorkspace(ana, 'Sorveteria');
    const before = await handle.db
      .selectFrom('workspace_invitations')
      .select('id')
      .where('workspace_id', '=', ws)
      .execute();
    expect(
      (await as(ana, ws).mutate('workspaces.invite', { email: 'não é email', role: 'editor' })).status,
    ).toBe(400);
    expect(
      (await as(ana, ws).mutate('workspaces.invite', { email: uniqueEmail('x'), role: 'owner' })).status,
    ).toBe(400);
    const after = await handle.db
      .selectFrom('workspace_invitations')
      .select('id')
      .where('workspace_id', '=', ws)
      .execute();
    expect(after).toEqual(before);
  });
});

describe('deleting a person (docs/workspaces.md, "Deleting a person")', () => {
  async function erase(userId: string) {
    const id = await insertDeletionRequest(handle.db, {
      userId,
      email: null,
      reason: 'teste',
      confirmedBy: 'session',
      now: new Date(),
    });
    return completeDeletionRequest({ db: handle.db }, id);
  }

  it("keeps a departing member's themes with the workspace, authored by its owner; their personal workspace goes", async () => {
    const owner = await person('dona');
    const editor = await person('editor');
    const ws = await newWorkspace(owner, 'Cafeteria');
    await addMember(ws, editor.id, 'editor');
    const shared = await insertTheme(
      handle.db,
      { workspaceId: ws, userId: editor.id },
      { ...themeFields, name: 'Cafés' },
    );
    const own = await insertTheme(handle.db, editor.id, { ...themeFields, name: 'Pessoal' });
    expect(await erase(editor.id)).toEqual({ erased: true });
    const kept = await handle.db
      .selectFrom('themes')
      .select(['id', 'user_id', 'workspace_id'])
      .where('id', '=', shared.id)
      .executeTakeFirst();
    expect(kept).toEqual({ id: shared.id, user_id: owner.id, workspace_id: ws });
    expect(
      await handle.db.selectFrom('themes').select('id').where('id', '=', own.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await handle.db.selectFrom('workspaces').select('id').where('id', '=', editor.id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await as(owner, ws).query<{ id: string }[]>('themes.list')).data!.map((t) => t.id)).toContain(
      shared.id,
    );
  });

  it('refuses to erase the only owner of a workspace with other members, naming it; a workspace of theirs alone goes', async () => {
    const owner = await person('unica');
    const member = await person('membro');
    const ws = await newWorkspace(owner, 'Estúdio de Pilates');
    const alone = await newWorkspace(owner, 'Só dela');
    await addMember(ws, member.id, 'editor');
    await expect(erase(owner.id)).rejects.toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'SOLE_OWNER', workspaceName: 'Estúdio de Pilates' },
    });
    expect(await roleIn(ws, owner.id)).toBe('owner');
    // After handing it over, the erasure goes through; the workspace of theirs alone goes with them.
    await as(owner, ws).mutate('workspaces.transferOwnership', { userId: member.id });
    expect(await erase(owner.id)).toEqual({ erased: true });
    expect(
      await handle.db.selectFrom('workspaces').select('id').where('id', '=', ws).executeTakeFirst(),
    ).toBeDefined();
    expect(
      await handle.db.selectFrom('workspaces').select('id').where('id', '=', alone).executeTakeFirst(),
    ).toBeUndefined();
  });
});
