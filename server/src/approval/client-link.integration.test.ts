// The client approval link over HTTP against real PostgreSQL (docs/approval.md "The client
// approval link"): create / list / revoke (idempotent), what the page reveals (field by field),
// scope (other themes, periods, stages and users are never returned nor actionable), expired,
// revoked and forged tokens, the client's actions (stage events and comments with actor client,
// the wake-up on approval, the owner's live event and email) and the rate limits.
import { createHash, randomUUID } from 'node:crypto';
import type { DbHandle } from '@pauta/db';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { TestClient, type TrpcResult } from '../../../test/http-client.js';
import { insertTestTheme, listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import type { AppDeps } from '../deps.js';
import { browserMediaUrl } from '../media/media.service.js';
import { makeTestVideo } from '../media/test-video.js';
import type { QueueGateway, WakeUp } from '../queue/queue-gateway.js';
import { CLIENT_LINK_LIMITS, type ClientLinkView, type ClientPageView } from './client-link.service.js';

let handle: DbHandle;
let deps: AppDeps;
let app: { url: string; close(): Promise<void> };
const enqueued: WakeUp[] = [];
const fakeQueue: QueueGateway = {
  isAvailable: () => true,
  requestMetricsSync: async () => true,
  enqueuePublish: async (posts) => {
    enqueued.push(...posts);
    return posts.length;
  },
  cancelPublish: async () => 0,
  queues: () => [],
  close: async () => {},
};

beforeAll(async () => {
  handle = await testDb();
  deps = testDeps(handle, { queue: fakeQueue }, { TRUST_PROXY: '1' });
  app = await listen(deps);
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});
beforeEach(() => {
  enqueued.length = 0;
});

const HOUR = 3_600_000;
let ipSeq = 0;
/** A visitor without cookies from an address of its own (rate limits are per IP). */
function visitor(): TestClient {
  ipSeq++;
  return new TestClient(
    app.url,
    'http://pauta.test',
    `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${ipSeq}`,
  );
}

async function insertPost(
  userId: string,
  themeId: string,
  fields: { title: string; stage?: string | null; at?: Date; platform?: 'linkedin' | 'x' },
) {
  const post = await handle.db
    .insertInto('suggested_posts')
    .values({
      user_id: userId,
      theme_id: themeId,
      title: fields.title,
      content: `Texto de ${fields.title}`,
      platform: fields.platform ?? 'linkedin',
      scheduled_for: fields.at ?? new Date(Date.now() + 5 * HOUR),
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  if (fields.stage !== undefined)
    await handle.db
      .updateTable('suggested_posts')
      .set({ approval_stage: fields.stage as 'client' })
      .where('id', '=', post.id)
      .execute();
  return post;
}

async function owner(label = 'dona') {
  const me = await signedInUser(handle, app.url, { label });
  await handle.db
    .updateTable('profiles')
    .set({ first_name: 'Marina', last_name: 'Sobrenome-Privado' })
    .where('id', '=', me.id)
    .execute();
  const theme = await insertTestTheme(handle, me.id, 'Campanha de verão');
  await handle.db.updateTable('themes').set({ requires_approval: true }).where('id', '=', theme.id).execute();
  const other = await insertTestTheme(handle, me.id, 'Outro tema');
  await handle.db.updateTable('themes').set({ requires_approval: true }).where('id', '=', other.id).execute();
  const pending = await insertPost(me.id, theme.id, { title: 'Pendente', stage: 'client' });
  const pending2 = await insertPost(me.id, theme.id, {
    title: 'Pendente dois',
    stage: 'client',
    platform: 'x',
  });
  const inReview = await insertPost(me.id, theme.id, { title: 'Em revisão', stage: 'review' });
  const otherTheme = await insertPost(me.id, other.id, { title: 'Outro tema pendente', stage: 'client' });
  return { me, theme, other, pending, pending2, inReview, otherTheme };
}

async function createLink(
  me: { browser: TestClient },
  input: Record<string, unknown>,
  key: string = randomUUID(),
): Promise<TrpcResult<{ link: ClientLinkView; url: string }>> {
  return me.browser.mutate(
    'clientLinks.create',
    { clientName: 'Ana Cliente', ...input },
    { idempotencyKey: key },
  );
}

const tokenOf = (url: string) => url.split('/aprovacao/')[1] as string;

async function stageOf(postId: string) {
  return (
    await handle.db
      .selectFrom('suggested_posts')
      .select(['approval_stage', 'version'])
      .where('id', '=', postId)
      .executeTakeFirstOrThrow()
  ).approval_stage;
}

/** Every key path of a JSON value ("posts[].images[].url"), to compare with what is allowed. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => keyPaths(v, `${prefix}[]`));
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.entries(value).flatMap(([k, v]) => [
      `${prefix}${prefix ? '.' : ''}${k}`,
      ...keyPaths(v, `${prefix}${prefix ? '.' : ''}${k}`),
    ]);
  return [];
}

describe('the owner’s links', () => {
  it('creates a link (only its hash stored), repeats one click as one link, lists and revokes idempotently', async () => {
    const { me, theme } = await owner();
    const key = randomUUID();
    const first = await createLink(me, { themeId: theme.id }, key);
    expect(first.status).toBe(200);
    const url = first.data!.url;
    expect(url).toMatch(/^http:\/\/pauta\.test\/aprovacao\/[A-Za-z0-9_-]{43}$/);
    expect(first.data!.link).toMatchObject({
      clientName: 'Ana Cliente',
      scope: { kind: 'theme', themeId: theme.id, themeName: 'Campanha de verão' },
      status: 'active',
      lastUsedAt: null,
    });
    const days = (first.data!.link.expiresAt.getTime() - Date.now()) / (24 * HOUR);
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    // The database holds the hash, never the token — nor does the idempotency record.
    const row = await handle.db
      .selectFrom('client_approval_links')
      .selectAll()
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.token_hash)).toEqual(createHash('sha256').update(tokenOf(url)).digest());
    expect(JSON.stringify(row)).not.toContain(tokenOf(url));
    const stored = await handle.db
      .selectFrom('idempotency_keys')
      .select('response')
      .where('key', '=', key)
      .execute();
    expect(JSON.stringify(stored)).not.toContain(tokenOf(url));

    // The same click repeated (same Idempotency-Key): the same link, a re-issued token.
    const repeat = await createLink(me, { themeId: theme.id }, key);
    expect(repeat.data!.link.id).toBe(first.data!.link.id);
    const list = await me.browser.query<{ links: ClientLinkView[] }>('clientLinks.list');
    expect(list.data!.links.map((l) => l.id)).toEqual([first.data!.link.id]);
    const client = visitor();
    expect(
      (await client.query<ClientPageView>('clientApproval.view', { token: tokenOf(url) })).data?.state,
    ).toBe('invalid');
    expect(
      (await client.query<ClientPageView>('clientApproval.view', { token: tokenOf(repeat.data!.url) })).data
        ?.state,
    ).toBe('open');
    const used = await me.browser.query<{ links: ClientLinkView[] }>('clientLinks.list');
    expect(used.data!.links[0]!.lastUsedAt).toBeInstanceOf(Date);

    // Revoke: at once; a second revoke keeps it revoked; another user's revoke is NOT_FOUND.
    const stranger = await signedInUser(handle, app.url, { label: 'estranha' });
    const foreign = await stranger.browser.mutate('clientLinks.revoke', { id: first.data!.link.id });
    expect(foreign.status).toBe(404);
    const revoked = await me.browser.mutate<ClientLinkView>('clientLinks.revoke', {
      id: first.data!.link.id,
    });
    expect(revoked.data!.status).toBe('revoked');
    const again = await me.browser.mutate<ClientLinkView>('clientLinks.revoke', { id: first.data!.link.id });
    expect(again.data!.status).toBe('revoked');
    expect(
      (await client.query<ClientPageView>('clientApproval.view', { token: tokenOf(repeat.data!.url) })).data,
    ).toEqual({
      state: 'invalid',
    });
    expect((await stranger.browser.query<{ links: unknown[] }>('clientLinks.list')).data!.links).toEqual([]);
  });

  it('refuses a theme without approval, another user’s theme, a bad period or validity — creating nothing', async () => {
    const { me } = await owner();
    const plain = await insertTestTheme(handle, me.id, 'Sem aprovação');
    const noApproval = await createLink(me, { themeId: plain.id });
    expect(noApproval.status).toBe(409);
    expect(noApproval.error?.details).toEqual({ reason: 'APPROVAL_NOT_REQUIRED' });
    const stranger = await signedInUser(handle, app.url, { label: 'outra' });
    const strangersTheme = await insertTestTheme(handle, stranger.id, 'Dela');
    expect((await createLink(me, { themeId: strangersTheme.id })).status).toBe(404);
    expect((await createLink(me, { from: '2026-12-10', to: '2026-12-01' })).status).toBe(400);
    expect(
      (
        await createLink(me, {
          from: '2026-12-01',
          to: '2026-12-10',
          validDays: 31,
        })
      ).status,
    ).toBe(400);
    expect((await createLink(me, { clientName: '  ', themeId: plain.id })).status).toBe(400);
    // Neither a theme nor a whole period: refused.
    expect((await createLink(me, {})).status).toBe(400);
    expect((await createLink(me, { from: '2026-12-01' })).status).toBe(400);
    expect((await me.browser.query<{ links: unknown[] }>('clientLinks.list')).data!.links).toEqual([]);
  });
});

describe('the client’s page', () => {
  it('shows only the owner’s posts waiting for the client in the link’s theme, with only allowed fields', async () => {
    const { me, theme, pending, pending2 } = await owner();
    // Another user's post in the same stage, and the owner's published one: never shown.
    const stranger = await signedInUser(handle, app.url, { label: 'terceira' });
    const strangersTheme = await insertTestTheme(handle, stranger.id, 'Dela');
    await handle.db
      .updateTable('themes')
      .set({ requires_approval: true })
      .where('id', '=', strangersTheme.id)
      .execute();
    await insertPost(stranger.id, strangersTheme.id, { title: 'Segredo de outra conta', stage: 'client' });
    await handle.db
      .insertInto('connected_accounts')
      .values({
        user_id: me.id,
        platform: 'linkedin',
        platform_user_id: `li-${me.id}`,
        platform_username: 'marina.souza',
        access_token: 'sealed-access-token-that-must-not-leak',
        account_data: { name: 'Marina Souza', email: 'marina@empresa.dev', followers: 1200 },
        is_active: true,
      } as never)
      .execute();

    const created = await createLink(me, { themeId: theme.id });
    const page = await visitor().query<ClientPageView>('clientApproval.view', {
      token: tokenOf(created.data!.url),
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    const view = page.data!;
    if (view.state !== 'open') throw new Error(view.state);
    expect(view.posts.map((p) => p.id).sort()).toEqual([pending.id, pending2.id].sort());
    expect(view.posts.find((p) => p.id === pending.id)).toMatchObject({
      title: 'Pendente',
      content: 'Texto de Pendente',
      platform: 'linkedin',
      themeName: 'Campanha de verão',
      images: [],
      video: null,
    });
    expect(view).toMatchObject({
      clientName: 'Ana Cliente',
      ownerName: 'Marina',
      scope: { kind: 'theme', themeName: 'Campanha de verão' },
      accounts: [{ platform: 'linkedin', name: 'Marina Souza', username: 'marina.souza' }],
    });
    // The cliente's branding (docs/workspaces.md): its name, colour and logo, nothing else.
    expect(view.branding).toEqual({ name: expect.any(String), color: null, logoUrl: null });
    const allowed = new Set([
      'state',
      'clientName',
      'branding',
      'branding.name',
      'branding.color',
      'branding.logoUrl',
      'ownerName',
      'scope',
      'scope.kind',
      'scope.themeName',
      'expiresAt',
      'timeZone',
      'accounts',
      'accounts[].platform',
      'accounts[].name',
      'accounts[].username',
      'accounts[].pageName',
      'accounts[].avatarUrl',
      'posts',
      'posts[].id',
      'posts[].platform',
      'posts[].title',
      'posts[].content',
      'posts[].scheduledFor',
      'posts[].themeName',
      'posts[].images',
      'posts[].video',
    ]);
    expect(keyPaths(view).filter((k) => !allowed.has(k))).toEqual([]);
    const wire = JSON.stringify(view);
    for (const secret of [
      me.id,
      theme.id,
      'marina@empresa.dev',
      'sealed-access-token',
      'Segredo de outra conta',
      'Sobrenome-Privado',
      'Em revisão',
      'Outro tema',
    ])
      expect(wire).not.toContain(secret);
  });

  it('images come as signed /media URLs that open without a session', async () => {
    const { me, theme, pending } = await owner();
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: 'orange' } })
      .jpeg()
      .toBuffer();
    const uploaded = await me.browser.request(`/api/posts/${pending.id}/media`, {
      method: 'POST',
      headers: {
        'content-type': 'image/jpeg',
        'sec-fetch-site': 'same-origin',
        'idempotency-key': randomUUID(),
      },
      body: jpeg,
    });
    expect(uploaded.status).toBe(201);
    const token = tokenOf((await createLink(me, { themeId: theme.id })).data!.url);
    const client = visitor();
    const view = (await client.query<ClientPageView>('clientApproval.view', { token })).data!;
    if (view.state !== 'open') throw new Error(view.state);
    const images = view.posts.find((p) => p.id === pending.id)?.images ?? [];
    expect(images).toHaveLength(1);
    expect(images[0]!.url).toMatch(/^\/media\/.+\?exp=\d+&sig=/);
    const served = await client.request(images[0]!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  it('a video post comes with its signed video and cover URLs, which the media route serves; an ended link gives none', async () => {
    const { me, theme, pending, pending2 } = await owner();
    // A stored 1080 × 1920 video on `pending` with a chosen cover, and one without a cover on `pending2`.
    const bytes = Buffer.from(await makeTestVideo({ seconds: 2 }));
    const cover = await sharp({ create: { width: 108, height: 192, channels: 3, background: 'teal' } })
      .jpeg()
      .toBuffer();
    const storage = deps.media!.storage;
    const stored: Record<string, string> = {};
    for (const post of [pending, pending2]) {
      const { workspace_id } = await handle.db
        .selectFrom('suggested_posts')
        .select('workspace_id')
        .where('id', '=', post.id)
        .executeTakeFirstOrThrow();
      const id = randomUUID();
      const key = `posts/${workspace_id}/${post.id}/${id}.mp4`;
      const coverKey = post === pending ? `posts/${workspace_id}/${post.id}/${randomUUID()}.jpg` : null;
      await storage.put(key, bytes, 'video/mp4');
      if (coverKey) await storage.put(coverKey, cover, 'image/jpeg');
      await handle.db
        .insertInto('post_media')
        .values({
          id,
          post_id: post.id,
          user_id: me.id,
          position: 0,
          kind: 'video',
          storage_key: key,
          thumb_key: null,
          mime_type: 'video/mp4',
          width: 1080,
          height: 1920,
          size_bytes: bytes.length,
          duration_seconds: 2,
          rotation: 0,
          container: 'mp4',
          video_codec: 'avc',
          video_codec_string: 'avc1.640028',
          frame_rate: 30,
          bitrate: 1000,
          audio: null,
          cover_key: coverKey,
          cover_time_seconds: coverKey ? 1 : null,
        })
        .execute();
      stored[post.id] = key;
    }
    const created = (await createLink(me, { themeId: theme.id })).data!;
    const token = tokenOf(created.url);
    const client = visitor();
    const view = (await client.query<ClientPageView>('clientApproval.view', { token })).data!;
    if (view.state !== 'open') throw new Error(view.state);
    const withCover = view.posts.find((p) => p.id === pending.id)!;
    const noCover = view.posts.find((p) => p.id === pending2.id)!;
    // The video is the post's video, not one of its images.
    expect(withCover.images).toEqual([]);
    expect(withCover.video).toEqual({
      url: expect.stringMatching(/^\/media\/posts\/.+\.mp4\?exp=\d+&sig=/),
      coverUrl: expect.stringMatching(/^\/media\/posts\/.+\.jpg\?exp=\d+&sig=/),
      durationSeconds: 2,
      width: 1080,
      height: 1920,
    });
    expect(noCover.video).toMatchObject({ coverUrl: null, durationSeconds: 2, width: 1080, height: 1920 });
    // Nothing of the row but those facts: no codec, no upload id, no bare storage key outside a signed URL.
    const wire = JSON.stringify(view);
    for (const secret of ['avc1.640028', 'video_codec', 'storage_key', 'cover_time', 'sealed'])
      expect(wire).not.toContain(secret);
    expect(wire.split(stored[pending.id]!).length - 1).toBe(1);

    // Served without a session: the whole file, a range (the player seeks), and the cover.
    const video = withCover.video!;
    const served = await client.request(video.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    const ranged = await client.request(video.url, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    const poster = await client.request(video.coverUrl!);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    // The signature is the key's own: it opens no other video (another post's, another workspace's).
    const otherKey = stored[pending2.id]!;
    const forged = video.url.replace(stored[pending.id]!, otherKey);
    expect((await client.request(forged)).status).toBe(403);
    expect((await client.request(video.url.replace(/sig=[^&]+/, 'sig=AAAA'))).status).toBe(403);
    // And it expires as the images' do (one to two hours): one signed three hours ago no longer opens.
    const old = browserMediaUrl(deps.media!.signingKey, stored[pending.id]!, Date.now() - 3 * HOUR);
    expect((await client.request(old)).status).toBe(403);

    // Expired, then revoked: the page answers why and carries no video URL at all (as no image URL).
    await handle.db
      .updateTable('client_approval_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', created.link.id)
      .execute();
    const expired = await client.query('clientApproval.view', { token });
    expect(expired.data).toEqual({ state: 'expired' });
    const again = (await createLink(me, { themeId: theme.id })).data!;
    await me.browser.mutate('clientLinks.revoke', { id: again.link.id });
    const revoked = await client.query('clientApproval.view', { token: tokenOf(again.url) });
    expect(revoked.data).toEqual({ state: 'invalid' });
    for (const answer of [expired, revoked]) expect(JSON.stringify(answer.data)).not.toContain('/media/');
  });

  it('a period link shows the pending posts scheduled within those days, of any theme', async () => {
    const { me, theme, other } = await owner();
    const inside = await insertPost(me.id, theme.id, {
      title: 'Dentro',
      stage: 'client',
      at: new Date('2027-03-10T15:00:00Z'),
    });
    const insideOther = await insertPost(me.id, other.id, {
      title: 'Dentro outro tema',
      stage: 'client',
      at: new Date('2027-03-11T02:30:00Z'), // 10/03 23:30 in São Paulo
    });
    const after = await insertPost(me.id, theme.id, {
      title: 'Depois',
      stage: 'client',
      at: new Date('2027-03-11T03:30:00Z'), // 11/03 00:30 in São Paulo
    });
    const created = await createLink(me, { from: '2027-03-09', to: '2027-03-10' });
    const client = visitor();
    const token = tokenOf(created.data!.url);
    const view = (await client.query<ClientPageView>('clientApproval.view', { token })).data!;
    if (view.state !== 'open') throw new Error(view.state);
    expect(view.posts.map((p) => p.id)).toEqual([inside.id, insideOther.id]);
    // Outside the period: not actionable either.
    const tampered = await client.mutate('clientApproval.act', {
      token,
      postId: after.id,
      decision: 'approve',
    });
    expect(tampered.status).toBe(404);
    expect(await stageOf(after.id)).toBe('client');
  });

  it('says when nothing is pending', async () => {
    const { me, other, otherTheme } = await owner();
    await handle.db
      .updateTable('suggested_posts')
      .set({ approval_stage: 'review' })
      .where('id', '=', otherTheme.id)
      .execute();
    const created = await createLink(me, { themeId: other.id });
    const view = (
      await visitor().query<ClientPageView>('clientApproval.view', { token: tokenOf(created.data!.url) })
    ).data!;
    expect(view).toMatchObject({ state: 'open', posts: [] });
  });
});

describe('the client’s actions', () => {
  it('approve and ask for changes: actor client with the name, comment, wake-up, live event, one email each; repeats change nothing', async () => {
    const { me, theme, pending, pending2 } = await owner();
    const token = tokenOf((await createLink(me, { themeId: theme.id })).data!.url);
    const client = visitor();

    const approve = await client.mutate('clientApproval.act', {
      token,
      postId: pending.id,
      decision: 'approve',
    });
    expect(approve.data).toEqual({ state: 'done', stage: 'approved', changed: true });
    expect(await stageOf(pending.id)).toBe('approved');
    expect(enqueued.map((w) => [w.id, w.version])).toEqual([[pending.id, pending.version + 1]]);
    // Another click (a new key) changes nothing: no second event, no second wake-up.
    const again = await client.mutate('clientApproval.act', {
      token,
      postId: pending.id,
      decision: 'approve',
    });
    expect(again.data).toEqual({ state: 'done', stage: 'approved', changed: false });
    expect(enqueued).toHaveLength(1);

    const noComment = await client.mutate('clientApproval.act', {
      token,
      postId: pending2.id,
      decision: 'changes',
    });
    expect(noComment.status).toBe(400);
    expect(await stageOf(pending2.id)).toBe('client');
    const changes = await client.mutate('clientApproval.act', {
      token,
      postId: pending2.id,
      decision: 'changes',
      comment: 'Trocar a foto e encurtar o texto.',
    });
    expect(changes.data).toEqual({ state: 'done', stage: 'changes', changed: true });
    const changesAgain = await client.mutate('clientApproval.act', {
      token,
      postId: pending2.id,
      decision: 'changes',
      comment: 'Trocar a foto e encurtar o texto.',
    });
    expect(changesAgain.data).toEqual({ state: 'done', stage: 'changes', changed: false });
    // The owner moved nothing; the client cannot approve a post that left "Aprovação do cliente".
    const late = await client.mutate('clientApproval.act', {
      token,
      postId: pending2.id,
      decision: 'approve',
    });
    expect(late.status).toBe(409);
    expect(late.error?.details).toEqual({ reason: 'NOT_PENDING' });

    // The owner's board history shows the client's actions with their name; one comment.
    const history = await me.browser.query<{
      entries: {
        kind: string;
        actor: string;
        actorName: string;
        from: string | null;
        to: string | null;
        body: string | null;
      }[];
    }>('approval.history', { postId: pending2.id });
    expect(history.data!.entries.map((e) => [e.kind, e.actor, e.actorName, e.to, e.body])).toEqual([
      ['move', 'client', 'Ana Cliente', 'changes', null],
      ['comment', 'client', 'Ana Cliente', null, 'Trocar a foto e encurtar o texto.'],
    ]);
    const approvedHistory = await me.browser.query<{
      entries: { actor: string; actorName: string; to: string }[];
    }>('approval.history', { postId: pending.id });
    expect(approvedHistory.data!.entries).toMatchObject([
      { actor: 'client', actorName: 'Ana Cliente', to: 'approved' },
    ]);

    // Live: one event per action, saying what the client did.
    const events = await handle.db
      .selectFrom('live_events')
      .select(['post_id', 'error_code'])
      .where('user_id', '=', me.id)
      .where('error_code', 'is not', null)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { post_id: pending.id, error_code: 'CLIENT_APPROVED' },
      { post_id: pending2.id, error_code: 'CLIENT_CHANGES_REQUESTED' },
    ]);
    // Email: one per action, to the owner.
    const profile = await handle.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    const emails = await handle.db
      .selectFrom('email_outbox')
      .select(['template_name', 'subject', 'html'])
      .where('to_address', '=', profile.email)
      .where('template_name', '=', 'client_approval_action')
      .orderBy('created_at')
      .execute();
    expect(emails.map((e) => e.subject)).toEqual([
      'Ana Cliente aprovou: Pendente',
      'Ana Cliente pediu ajustes em: Pendente dois',
    ]);
    expect(emails[1]!.html).toContain('Trocar a foto e encurtar o texto.');
  });

  it('tampered post ids: another theme’s, another stage’s and another user’s posts are not actionable', async () => {
    const { me, theme, inReview, otherTheme } = await owner();
    const stranger = await owner('vizinha');
    const token = tokenOf((await createLink(me, { themeId: theme.id })).data!.url);
    const client = visitor();
    for (const postId of [otherTheme.id, stranger.pending.id, randomUUID()]) {
      const res = await client.mutate('clientApproval.act', { token, postId, decision: 'approve' });
      expect(res.status, postId).toBe(404);
    }
    const review = await client.mutate('clientApproval.act', {
      token,
      postId: inReview.id,
      decision: 'approve',
    });
    expect(review.error?.details).toEqual({ reason: 'NOT_PENDING' });
    expect(await stageOf(otherTheme.id)).toBe('client');
    expect(await stageOf(stranger.pending.id)).toBe('client');
    expect(await stageOf(inReview.id)).toBe('review');
    expect(enqueued).toEqual([]);
  });

  it('expired, revoked and forged links show why and change nothing', async () => {
    const { me, theme, pending } = await owner();
    const expired = await createLink(me, { themeId: theme.id });
    await handle.db
      .updateTable('client_approval_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.data!.link.id)
      .execute();
    const revoked = await createLink(me, { themeId: theme.id });
    await me.browser.mutate('clientLinks.revoke', { id: revoked.data!.link.id });
    const client = visitor();
    const cases = [
      [tokenOf(expired.data!.url), 'expired'],
      [tokenOf(revoked.data!.url), 'invalid'],
      ['A'.repeat(43), 'invalid'],
      ['not-a-token', 'invalid'],
    ] as const;
    for (const [token, state] of cases) {
      expect((await client.query('clientApproval.view', { token })).data).toEqual({ state });
      const act = await client.mutate('clientApproval.act', {
        token,
        postId: pending.id,
        decision: 'approve',
      });
      expect(act.data).toEqual({ state });
    }
    expect(await stageOf(pending.id)).toBe('client');
    const list = await me.browser.query<{ links: ClientLinkView[] }>('clientLinks.list');
    expect(list.data!.links.map((l) => l.status).sort()).toEqual(['expired', 'revoked']);
  });

  it('a revoke racing an action: the action waits on the link row and then changes nothing', async () => {
    const { me, theme, pending } = await owner();
    const created = await createLink(me, { themeId: theme.id });
    const token = tokenOf(created.data!.url);
    let action: Promise<TrpcResult> | undefined;
    let settled = false;
    await handle.db.transaction().execute(async (trx) => {
      // The owner's revoke, not yet committed, holds the link row.
      await trx
        .updateTable('client_approval_links')
        .set({ revoked_at: new Date() })
        .where('id', '=', created.data!.link.id)
        .execute();
      action = visitor()
        .mutate('clientApproval.act', { token, postId: pending.id, decision: 'approve' })
        .finally(() => {
          settled = true;
        });
      await new Promise((resolve) => setTimeout(resolve, 500));
      // The action read the link before the revoke committed, and now waits for its row lock.
      expect(settled).toBe(false);
    });
    expect((await action!).data).toEqual({ state: 'invalid' });
    expect(await stageOf(pending.id)).toBe('client');
    expect(enqueued).toEqual([]);
  });

  it('respects "Notificações por email" off: the action is recorded, no email', async () => {
    const { me, theme, pending } = await owner();
    const token = tokenOf((await createLink(me, { themeId: theme.id })).data!.url);
    await handle.db
      .updateTable('admin_settings')
      .set({ setting_value: false })
      .where('setting_key', '=', 'email_notifications_enabled')
      .execute();
    try {
      const res = await visitor().mutate('clientApproval.act', {
        token,
        postId: pending.id,
        decision: 'approve',
      });
      expect(res.data).toEqual({ state: 'done', stage: 'approved', changed: true });
    } finally {
      await handle.db
        .updateTable('admin_settings')
        .set({ setting_value: true })
        .where('setting_key', '=', 'email_notifications_enabled')
        .execute();
    }
    const profile = await handle.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    const emails = await handle.db
      .selectFrom('email_outbox')
      .select('id')
      .where('to_address', '=', profile.email)
      .where('template_name', '=', 'client_approval_action')
      .execute();
    expect(emails).toEqual([]);
  });
});

describe('rate limits', () => {
  it('forged tokens from one IP: 429 with a pt-BR message after the limit', async () => {
    const client = visitor();
    for (let i = 0; i < CLIENT_LINK_LIMITS.badToken.limit; i++)
      expect((await client.query('clientApproval.view', { token: randomUUID() })).status).toBe(200);
    const blocked = await client.query('clientApproval.view', { token: randomUUID() });
    expect(blocked.status).toBe(429);
    expect(blocked.error?.message).toBe('RATE_LIMITED');
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another address is not affected.
    expect((await visitor().query('clientApproval.view', { token: randomUUID() })).status).toBe(200);
  });

  it('one link: per IP, then across IPs', async () => {
    const { me, theme, pending } = await owner();
    const token = tokenOf((await createLink(me, { themeId: theme.id })).data!.url);
    const client = visitor();
    for (let i = 0; i < CLIENT_LINK_LIMITS.ip.limit; i++)
      expect((await client.query('clientApproval.view', { token })).status).toBe(200);
    expect((await client.query('clientApproval.view', { token })).status).toBe(429);
    const blockedAct = await client.mutate('clientApproval.act', {
      token,
      postId: pending.id,
      decision: 'approve',
    });
    expect(blockedAct.status).toBe(429);
    expect(await stageOf(pending.id)).toBe('client');
    // The link itself: at most `link.limit` requests from everywhere together.
    let served = CLIENT_LINK_LIMITS.ip.limit;
    while (served < CLIENT_LINK_LIMITS.link.limit) {
      expect((await visitor().query('clientApproval.view', { token })).status).toBe(200);
      served++;
    }
    expect((await visitor().query('clientApproval.view', { token })).status).toBe(429);
  });
});
