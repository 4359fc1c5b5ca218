// Workspaces over HTTP on real PostgreSQL (docs/workspaces.md): the scoped procedure picks the
// workspace from the x-pauta-workspace header (the personal one without it), a person outside a
// workspace gets nothing from it — by header, by another workspace's ids, through the upload
// route or a live event — roles are checked against core's table, and a removed member's next
// call is refused at once.
import { randomUUID } from 'node:crypto';
import { errorMessages, WORKSPACE_HEADER } from '@pauta/core';
import {
  type DbHandle,
  insertScheduledPosts,
  insertTheme,
  listenPostgres,
  listLiveEventsSince,
  parseKeyring,
  upsertAccount,
} from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb } from '../../../test/harness.js';
import { listen, signedInUser, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import { type LiveHub, startLiveHub } from '../live/live-hub.js';
import { createLogger } from '../logger.js';

let handle: DbHandle;
let dbUrl: string;
let drop: () => Promise<void>;
let server: { url: string; close(): Promise<void> };
let hub: LiveHub | undefined;
const keyring = parseKeyring(TEST_KEYS);

type Person = Awaited<ReturnType<typeof signedInUser>>;
let ana: Person;
let bruno: Person;
/** Ana's personal workspace (its id is hers) and the one she created for a client. */
let personalA: string;
let padaria: string;
/** Rows of Ana's personal workspace. */
const a = { theme: '', post: '', account: '' };
/** A theme and post of the Padaria workspace. */
const p = { theme: '', post: '' };

const themeFields = {
  name: 'Receitas',
  description: 'Receitas rápidas',
  toneOfVoice: ['casual'],
  avoidTopics: [],
  socialNetworks: ['linkedin' as const, 'x' as const],
  frequency: 'weekly' as const,
  colorPalette: 'orange',
};

async function postIn(workspaceId: string, userId: string, themeId: string): Promise<string> {
  const [wakeUp] = await insertScheduledPosts(handle.db, {
    userId,
    workspaceId,
    themeId,
    posts: [
      {
        title: 'Pão de fermentação natural',
        content: 'Como fazer em casa',
        platform: 'linkedin',
        postOrder: 1,
        scheduledFor: new Date(Date.now() + 3 * 86_400_000),
      },
    ],
  });
  return wakeUp!.id;
}

function as(person: Person, workspaceId: string | null) {
  if (workspaceId === null) person.browser.headers.delete(WORKSPACE_HEADER);
  else person.browser.headers.set(WORKSPACE_HEADER, workspaceId);
  return person.browser;
}

beforeAll(async () => {
  // A database of its own: the workspace limit below changes a system setting.
  ({ handle, url: dbUrl, drop } = await isolatedDb());
  server = await listen(testDeps(handle));
  ana = await signedInUser(handle, server.url, { label: 'ana' });
  bruno = await signedInUser(handle, server.url, { label: 'bruno' });
  personalA = ana.id;

  const created = await as(ana, null).mutate<{ workspace: { id: string; role: string } }>(
    'workspaces.create',
    { name: 'Padaria Pão Quente', color: '#E8590C' },
  );
  expect(created.status).toBe(200);
  padaria = created.data!.workspace.id;
  expect(created.data!.workspace.role).toBe('owner');
  // Bruno joins the Padaria as an editor (invitations come in the next step).
  await handle.db
    .insertInto('workspace_members')
    .values({ workspace_id: padaria, user_id: bruno.id, role: 'editor' })
    .execute();

  a.theme = (await insertTheme(handle.db, ana.id, themeFields)).id;
  a.post = await postIn(personalA, ana.id, a.theme);
  a.account = (
    await upsertAccount(handle.db, keyring, {
      userId: ana.id,
      platform: 'linkedin',
      platformUserId: `li-${randomUUID().slice(0, 8)}`,
      platformUsername: 'Ana',
      accountData: {},
      accessToken: 'token-de-acesso',
      refreshToken: null,
      accessTokenExpiresAt: null,
    })
  ).id;
  p.theme = (
    await insertTheme(handle.db, { workspaceId: padaria, userId: ana.id }, { ...themeFields, name: 'Pães' })
  ).id;
  p.post = await postIn(padaria, ana.id, p.theme);
}, 60_000);

afterAll(async () => {
  await hub?.close();
  await server?.close();
  await drop();
});

describe('the workspace of a call', () => {
  it('is the personal one without the header: a person with one workspace works as before', async () => {
    const themes = await as(ana, null).query<{ id: string }[]>('themes.list');
    expect(themes.data!.map((t) => t.id)).toEqual([a.theme]);
    const list = await as(ana, null).query<{ workspaces: { id: string; personal: boolean; role: string }[] }>(
      'workspaces.list',
    );
    expect(list.data!.workspaces).toEqual([
      expect.objectContaining({ id: personalA, personal: true, role: 'owner' }),
      expect.objectContaining({ id: padaria, name: 'Padaria Pão Quente', personal: false, role: 'owner' }),
    ]);
  });

  it('is the one the header names, for a member', async () => {
    expect((await as(ana, padaria).query<{ id: string }[]>('themes.list')).data!.map((t) => t.id)).toEqual([
      p.theme,
    ]);
    expect((await as(bruno, padaria).query<{ id: string }[]>('themes.list')).data!.map((t) => t.id)).toEqual([
      p.theme,
    ]);
  });

  it('answers 404 for a workspace the person is not in, one that does not exist, or a malformed id', async () => {
    for (const id of [personalA, randomUUID(), 'nao-e-um-id']) {
      const res = await as(bruno, id).query('themes.list');
      expect(res.status, id).toBe(404);
      expect(res.error?.message).toBe('WORKSPACE_UNAVAILABLE');
      expect(errorMessages.WORKSPACE_UNAVAILABLE).toBe(
        'Este cliente não existe ou você não tem mais acesso a ele. Escolha outro cliente.',
      );
    }
    const write = await as(bruno, personalA).mutate('posts.delete', { id: a.post });
    expect(write.error?.message).toBe('WORKSPACE_UNAVAILABLE');
    expect(await postExists(a.post)).toBe(true);
  });
});

async function postExists(id: string): Promise<boolean> {
  return (
    (await handle.db.selectFrom('suggested_posts').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined
  );
}

describe("another workspace's rows by id", () => {
  // Bruno works in the Padaria (a member) or his own workspace and sends the ids of Ana's
  // personal rows: every one looks missing, nothing changes.
  for (const where of ['padaria', 'personal'] as const) {
    it(`are not found from ${where === 'padaria' ? 'a shared' : 'his own'} workspace: themes, posts, accounts, images`, async () => {
      const client = as(bruno, where === 'padaria' ? padaria : null);
      expect((await client.query('themes.get', { id: a.theme })).error?.message).toBe('NOT_FOUND');
      expect((await client.query('posts.get', { id: a.post })).error?.message).toBe('NOT_FOUND');
      expect((await client.query('posts.deliveryTimeline', { id: a.post })).error?.message).toBe('NOT_FOUND');
      expect((await client.query('media.list', { postId: a.post })).error?.message).toBe('NOT_FOUND');
      expect((await client.query('approval.history', { postId: a.post })).error?.message).toBe('NOT_FOUND');
      expect(
        (
          await client.mutate('posts.reschedule', {
            id: a.post,
            scheduledFor: new Date(Date.now() + 5 * 86_400_000),
          })
        ).error?.code,
      ).toBe('NOT_FOUND');
      expect((await client.mutate('posts.delete', { id: a.post })).error?.message).toBe('NOT_FOUND');
      expect((await client.mutate('posts.deleteMany', { ids: [a.post] })).data).toEqual({
        deleted: 0,
        skipped: 0,
      });
      expect((await client.mutate('themes.delete', { id: a.theme })).error?.message).toBe('NOT_FOUND');
      expect((await client.mutate('accounts.disconnect', { id: a.account })).error?.message).toBe(
        'NOT_FOUND',
      );
      const accounts = await client.query<{ platform: string; account?: { id: string } }[]>('accounts.list');
      expect(accounts.data!.some((card) => card.account?.id === a.account)).toBe(false);
      const posts = await client.query<{ items: { id: string }[] }>('posts.list', { limit: 50 });
      expect(posts.data!.items.map((i) => i.id)).not.toContain(a.post);

      // Ana's rows are all still there.
      expect(await postExists(a.post)).toBe(true);
      const account = await handle.db
        .selectFrom('connected_accounts')
        .select('is_active')
        .where('id', '=', a.account)
        .executeTakeFirstOrThrow();
      expect(account.is_active).toBe(true);
    });
  }

  it("cannot add an image to another workspace's post through the upload route", async () => {
    const client = as(bruno, personalA);
    const res = await client.request(`/api/posts/${a.post}/media`, {
      method: 'POST',
      headers: {
        'content-type': 'image/png',
        origin: client.origin,
        'sec-fetch-site': 'same-origin',
        'idempotency-key': randomUUID(),
      },
      body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toBe('WORKSPACE_UNAVAILABLE');
    const inPadaria = await as(bruno, padaria).request(`/api/posts/${a.post}/media`, {
      method: 'POST',
      headers: {
        'content-type': 'image/png',
        origin: client.origin,
        'sec-fetch-site': 'same-origin',
        'idempotency-key': randomUUID(),
      },
      body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    });
    expect(inPadaria.status).toBe(404);
  });
});

describe('roles and removal', () => {
  it('lets an editor change the content, a reviewer only read, and refuses at once after removal', async () => {
    const newDate = new Date(Date.now() + 6 * 86_400_000);
    const moved = await as(bruno, padaria).mutate('posts.reschedule', { id: p.post, scheduledFor: newDate });
    expect(moved.status).toBe(200);

    await handle.db
      .updateTable('workspace_members')
      .set({ role: 'reviewer' })
      .where('workspace_id', '=', padaria)
      .where('user_id', '=', bruno.id)
      .execute();
    expect((await as(bruno, padaria).query<unknown[]>('themes.list')).data).toHaveLength(1);
    const refused = await as(bruno, padaria).mutate('themes.delete', { id: p.theme });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe('FORBIDDEN');

    await handle.db
      .updateTable('workspace_members')
      .set({ role: 'client' })
      .where('workspace_id', '=', padaria)
      .where('user_id', '=', bruno.id)
      .execute();
    expect((await as(bruno, padaria).query('themes.list')).error?.message).toBe('FORBIDDEN');

    await handle.db
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', padaria)
      .where('user_id', '=', bruno.id)
      .execute();
    expect((await as(bruno, padaria).query('posts.get', { id: p.post })).error?.message).toBe(
      'WORKSPACE_UNAVAILABLE',
    );
    expect((await as(bruno, padaria).mutate('posts.delete', { id: p.post })).error?.message).toBe(
      'WORKSPACE_UNAVAILABLE',
    );
    expect(await postExists(p.post)).toBe(true);
  });
});

describe('live events per workspace', () => {
  it("reach only the workspace's streams, and a replay lists only its events", async () => {
    hub = await startLiveHub({
      db: handle.db,
      listen: (channel, options) => listenPostgres(dbUrl, channel, options),
      logger: createLogger({ level: 'silent', pretty: false }),
    });
    const padariaStream = hub.subscribe({ workspaceId: padaria, all: false });
    const personalStream = hub.subscribe({ workspaceId: personalA, all: false });
    // A status change in each workspace (the trigger writes the event and notifies it).
    await handle.db
      .updateTable('suggested_posts')
      .set({ status: 'failed' })
      .where('id', '=', a.post)
      .execute();
    await handle.db
      .updateTable('suggested_posts')
      .set({ status: 'failed' })
      .where('id', '=', p.post)
      .execute();

    const first = async (stream: AsyncIterable<unknown>) => {
      for await (const message of stream)
        return message as { type: string; event?: { postId: string; workspaceId: string } };
      return undefined;
    };
    const fromPadaria = await first(padariaStream);
    const fromPersonal = await first(personalStream);
    padariaStream.close();
    personalStream.close();
    expect(fromPadaria?.event).toMatchObject({ postId: p.post, workspaceId: padaria });
    expect(fromPersonal?.event).toMatchObject({ postId: a.post, workspaceId: personalA });

    const replay = await listLiveEventsSince(handle.db, { workspaceId: padaria, afterId: 0, limit: 50 });
    expect(replay.length).toBeGreaterThan(0);
    expect(replay.every((e) => e.workspaceId === padaria)).toBe(true);
    expect(replay.map((e) => e.postId)).not.toContain(a.post);
  });
});

describe("the live stream's workspace in connectionParams (an EventSource sends no headers)", () => {
  const open = async (person: Person, workspace: string) => {
    const params = encodeURIComponent(JSON.stringify({ workspace }));
    const controller = new AbortController();
    const res = await fetch(`${server.url}/trpc/live.events?connectionParams=${params}`, {
      headers: {
        cookie: `pauta_session=${person.browser.jar.get('pauta_session')}`,
        accept: 'text/event-stream',
      },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    // Up to the first message: the quiet stream's `sync`, or the refusal.
    while (!/data:/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    controller.abort();
    return text;
  };

  it("opens for a member's workspace and refuses another's, like the header", async () => {
    expect(await open(ana, padaria)).toContain('sync');
    const refused = await open(bruno, padaria);
    expect(refused).toContain('WORKSPACE_UNAVAILABLE');
    expect(refused).not.toContain('sync');
  });
});

describe('max_workspaces_per_user', () => {
  it('refuses a workspace past the limit with a pt-BR message; the personal one does not count', async () => {
    await handle.db
      .updateTable('admin_settings')
      .set({ setting_value: JSON.stringify(1) })
      .where('setting_key', '=', 'max_workspaces_per_user')
      .execute();
    // Ana created the Padaria already: at the limit.
    const refused = await as(ana, null).mutate('workspaces.create', { name: 'Academia' });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe('WORKSPACE_LIMIT_REACHED');
    expect(refused.error?.details).toEqual({ max: 1 });
    expect(errorMessages.WORKSPACE_LIMIT_REACHED).toBe(
      'Você atingiu o limite de clientes permitido. Exclua um cliente para criar outro.',
    );
    // Bruno has only his personal workspace: he may create one.
    expect((await as(bruno, null).mutate('workspaces.create', { name: 'Clínica' })).status).toBe(200);
    const invalid = await as(bruno, null).mutate('workspaces.create', { name: '   ' });
    expect(invalid.status).toBe(400);
  });

  it('counts max_themes_per_user per workspace', async () => {
    await handle.db
      .updateTable('admin_settings')
      .set({ setting_value: JSON.stringify(1) })
      .where('setting_key', '=', 'max_themes_per_user')
      .execute();
    // Ana has one theme in each workspace: both are at the limit, separately.
    for (const workspace of [null, padaria]) {
      const res = await as(ana, workspace).mutate('themes.create', { ...themeFields, name: 'Outro' });
      expect(res.error?.message).toBe('THEME_LIMIT_REACHED');
    }
  });
});
