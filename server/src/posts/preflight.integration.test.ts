// Pre-flight against real PostgreSQL (docs/preflight.md): each check from the post as it is on
// screen; the network's daily cap counted per workspace in the 24 h before the chosen time; the
// media URL's host on a private address (IPv4 ranges, IPv6, loopback, names); X's price with and
// without a link and its env override; TikTok before its audit; blocking lines that are exactly the
// save's refusals; and the procedure over HTTP, scoped to the caller's workspace.
import { randomUUID } from 'node:crypto';
import {
  mediaRejectionMessage,
  messages,
  type Platform,
  type PostStatus,
  type PreflightCheck,
  type PreflightReport,
  preflightMessages,
} from '@pauta/core';
import type { DbHandle, Resolver } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { insertTestTheme, listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import {
  type MediaHostReach,
  mediaHostReach,
  type PreflightDeps,
  preflightPost,
} from './preflight.service.js';

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

const NOW = new Date('2027-03-10T12:00:00.000Z');
const AT = new Date('2027-03-12T15:00:00.000Z');
const HOUR = 3_600_000;

async function workspace(label: string) {
  const user = await signedInUser(handle, app.url, { label });
  const theme = await insertTestTheme(handle, user.id);
  return { ...user, workspaceId: user.id, themeId: theme.id };
}

async function makePost(
  owner: { id: string; themeId: string },
  options: { platform: Platform; scheduledFor?: Date; status?: PostStatus; content?: string },
): Promise<string> {
  const row = await handle.db
    .insertInto('suggested_posts')
    .values({
      user_id: owner.id,
      theme_id: owner.themeId,
      title: 'Título',
      content: options.content ?? 'Conteúdo do post',
      platform: options.platform,
      scheduled_for: options.scheduledFor ?? AT,
      status: options.status ?? 'scheduled',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addImage(owner: { id: string; workspaceId: string }, postId: string) {
  const id = randomUUID();
  await handle.db
    .insertInto('post_media')
    .values({
      id,
      post_id: postId,
      user_id: owner.id,
      position: 0,
      storage_key: `posts/${owner.workspaceId}/${postId}/${id}.jpg`,
      thumb_key: `posts/${owner.workspaceId}/${postId}/${id}-thumb.webp`,
      mime_type: 'image/jpeg',
      width: 1080,
      height: 1080,
      size_bytes: 200_000,
    })
    .execute();
}

function deps(env: Record<string, unknown> = {}, resolve?: Resolver): PreflightDeps {
  return {
    db: handle.db,
    env: { appUrl: 'https://pauta.exemplo.com.br', ...env },
    now: () => NOW,
    resolve: resolve ?? (async () => [{ address: '8.8.8.8', family: 4 }]),
  };
}

const line = (report: PreflightReport, kind: PreflightCheck['kind']) =>
  report.checks.find((check) => check.kind === kind);

describe('preflightPost: text and schedule (the save’s own refusals)', () => {
  it('measures the unsaved text against the network limit: ok under it, blocking over it', async () => {
    const me = await workspace('pf-text');
    const postId = await makePost(me, { platform: 'x' });
    const fits = await preflightPost(deps(), {
      workspaceId: me.workspaceId,
      postId,
      content: 'a'.repeat(280),
      scheduledFor: AT,
    });
    expect(line(fits, 'text')).toEqual({
      kind: 'text',
      level: 'ok',
      message: preflightMessages.textOk('x', 280, 280),
    });
    const over = await preflightPost(deps(), {
      workspaceId: me.workspaceId,
      postId,
      content: 'a'.repeat(281),
      scheduledFor: AT,
    });
    expect(line(over, 'text')).toMatchObject({ level: 'blocking' });
    expect(line(over, 'text')?.message).toContain('280 caracteres do X (Twitter)');
    expect(over.level).toBe('blocking');
    // Worst first.
    expect(over.checks[0]?.kind).toBe('text');
  });

  it('blocks exactly what posts.update refuses, and the save refuses what is blocked', async () => {
    const me = await workspace('pf-agree');
    const postId = await makePost(me, { platform: 'x', scheduledFor: new Date(Date.now() + 48 * HOUR) });
    const future = new Date(Date.now() + 72 * HOUR);
    const tooLong = 'b'.repeat(300);
    const report = await me.browser.mutate<PreflightReport>(
      'posts.preflight',
      { id: postId, content: tooLong, scheduledFor: future },
      { idempotencyKey: null },
    );
    expect(report.status).toBe(200);
    expect(report.data?.checks.filter((c) => c.level === 'blocking').map((c) => c.kind)).toEqual(['text']);
    const save = await me.browser.mutate('posts.update', {
      id: postId,
      title: 'Título',
      content: tooLong,
      scheduledFor: future,
    });
    expect(save.status).toBe(400);
    expect(save.error?.message).toBe('VALIDATION_FAILED');

    const past = new Date(Date.now() - 10 * 60_000);
    const pastReport = await me.browser.mutate<PreflightReport>('posts.preflight', {
      id: postId,
      content: 'Curto',
      scheduledFor: past,
    });
    expect(pastReport.data && line(pastReport.data, 'schedule')?.level).toBe('blocking');
    const pastSave = await me.browser.mutate('posts.update', {
      id: postId,
      title: 'Título',
      content: 'Curto',
      scheduledFor: past,
    });
    expect(pastSave.status).toBe(400);

    const fine = await me.browser.mutate<PreflightReport>('posts.preflight', {
      id: postId,
      content: 'Curto',
      scheduledFor: future,
    });
    expect(fine.data?.checks.some((c) => c.level === 'blocking')).toBe(false);
    const saved = await me.browser.mutate('posts.update', {
      id: postId,
      title: 'Título',
      content: 'Curto',
      scheduledFor: future,
    });
    expect(saved.status).toBe(200);
  });
});

describe('preflightPost: the network daily cap, per workspace', () => {
  it('counts the workspace posts of the network in the 24 h up to the chosen time', async () => {
    const me = await workspace('pf-cap');
    const other = await workspace('pf-cap-other');
    const postId = await makePost(me, { platform: 'threads', scheduledFor: AT });
    // Inside the window [AT − 24 h, AT]: counted when scheduled, publishing, published or needs_attention.
    const statuses: PostStatus[] = ['scheduled', 'published', 'publishing', 'needs_attention'];
    for (let i = 0; i < 8; i++)
      await makePost(me, {
        platform: 'threads',
        scheduledFor: new Date(AT.getTime() - (i + 1) * HOUR),
        status: statuses[i % statuses.length]!,
      });
    // Not counted: failed/missed, outside the window, another network, another workspace.
    await makePost(me, {
      platform: 'threads',
      scheduledFor: new Date(AT.getTime() - 2 * HOUR),
      status: 'failed',
    });
    await makePost(me, {
      platform: 'threads',
      scheduledFor: new Date(AT.getTime() - 3 * HOUR),
      status: 'missed',
    });
    await makePost(me, { platform: 'threads', scheduledFor: new Date(AT.getTime() - 25 * HOUR) });
    await makePost(me, { platform: 'threads', scheduledFor: new Date(AT.getTime() + HOUR) });
    await makePost(me, { platform: 'x', scheduledFor: new Date(AT.getTime() - HOUR) });
    for (let i = 0; i < 5; i++)
      await makePost(other, { platform: 'threads', scheduledFor: new Date(AT.getTime() - HOUR) });

    const report = await preflightPost(deps(), {
      workspaceId: me.workspaceId,
      postId,
      content: 'Texto',
      scheduledFor: AT,
    });
    expect(line(report, 'dailyCap')).toEqual({
      kind: 'dailyCap',
      level: 'ok',
      message: preflightMessages.dailyCap('threads', 9, 250),
    });
    const theirs = await makePost(other, { platform: 'threads', scheduledFor: AT });
    const otherReport = await preflightPost(deps(), {
      workspaceId: other.workspaceId,
      postId: theirs,
      content: 'Texto',
      scheduledFor: AT,
    });
    expect(line(otherReport, 'dailyCap')?.message).toBe(preflightMessages.dailyCap('threads', 6, 250));
    // A network without a declared cap has no such line.
    const xPost = await makePost(me, { platform: 'x' });
    const xReport = await preflightPost(deps(), {
      workspaceId: me.workspaceId,
      postId: xPost,
      content: 'Texto',
      scheduledFor: AT,
    });
    expect(line(xReport, 'dailyCap')).toBeUndefined();
  });

  it('warns once the chosen time would put the workspace past Instagram’s 50', async () => {
    const me = await workspace('pf-cap-ig');
    const postId = await makePost(me, { platform: 'instagram', scheduledFor: AT });
    await addImage(me, postId);
    const rows = Array.from({ length: 49 }, (_, i) => ({
      user_id: me.id,
      theme_id: me.themeId,
      title: 'T',
      content: 'C',
      platform: 'instagram' as const,
      scheduled_for: new Date(AT.getTime() - (i + 1) * 20 * 60_000),
      status: 'published' as const,
    }));
    await handle.db.insertInto('suggested_posts').values(rows).execute();
    const at50 = await preflightPost(deps(), {
      workspaceId: me.workspaceId,
      postId,
      content: 'Legenda',
      scheduledFor: AT,
    });
    expect(line(at50, 'dailyCap')).toMatchObject({
      level: 'ok',
      message: preflightMessages.dailyCap('instagram', 50, 50),
    });
    await makePost(me, { platform: 'instagram', scheduledFor: new Date(AT.getTime() - 60_000) });
    const at51 = await preflightPost(deps(), {
      workspaceId: me.workspaceId,
      postId,
      content: 'Legenda',
      scheduledFor: AT,
    });
    expect(line(at51, 'dailyCap')).toMatchObject({
      level: 'warning',
      message: preflightMessages.dailyCapOver('instagram', 51, 50),
    });
    // Moving the post a day later leaves them all behind.
    const later = await preflightPost(deps(), {
      workspaceId: me.workspaceId,
      postId,
      content: 'Legenda',
      scheduledFor: new Date(AT.getTime() + 24 * HOUR + 60_000),
    });
    expect(line(later, 'dailyCap')?.message).toBe(preflightMessages.dailyCap('instagram', 1, 50));
  });
});

describe('preflightPost: a media URL the network cannot fetch', () => {
  const cases: [string, Resolver | undefined, MediaHostReach['kind']][] = [
    ['http://127.0.0.1:3000', undefined, 'private'],
    ['http://10.0.0.5', undefined, 'private'],
    ['http://192.168.1.20:3000', undefined, 'private'],
    ['http://172.16.0.1', undefined, 'private'],
    ['http://172.31.255.254', undefined, 'private'],
    ['http://172.32.0.1', undefined, 'public'],
    ['http://172.15.255.255', undefined, 'public'],
    ['http://[::1]:3000', undefined, 'private'],
    ['http://[fd12:3456::1]', undefined, 'private'],
    ['http://[fe80::1]', undefined, 'private'],
    ['http://[::ffff:127.0.0.1]', undefined, 'private'],
    ['http://[2606:4700::1111]', undefined, 'public'],
    ['https://8.8.8.8', undefined, 'public'],
    ['http://localhost:3000', async () => [{ address: '127.0.0.1', family: 4 }], 'private'],
    [
      'https://pauta.casa',
      async () => [
        { address: '8.8.4.4', family: 4 },
        { address: '192.168.0.2', family: 4 },
      ],
      'private',
    ],
    ['https://pauta.exemplo.com.br', async () => [{ address: '8.8.8.8', family: 4 }], 'public'],
    [
      'https://sumiu.invalid',
      async () => {
        throw new Error('ENOTFOUND');
      },
      'unresolved',
    ],
  ];
  it.each(cases)('%s is %s', async (appUrl, resolve, kind) => {
    expect((await mediaHostReach(appUrl, resolve ?? (async () => [])))?.kind).toBe(kind);
  });

  it('warns on a network that fetches by URL, with media, and not otherwise', async () => {
    const me = await workspace('pf-url');
    const ig = await makePost(me, { platform: 'instagram' });
    await addImage(me, ig);
    const local = deps({ appUrl: 'http://192.168.0.10:3000' });
    const report = await preflightPost(local, {
      workspaceId: me.workspaceId,
      postId: ig,
      content: 'Legenda',
      scheduledFor: AT,
    });
    expect(line(report, 'mediaUrl')).toEqual({
      kind: 'mediaUrl',
      level: 'warning',
      message: preflightMessages.mediaUrlPrivate('instagram', '192.168.0.10', '192.168.0.10'),
    });
    const sandbox = await preflightPost(
      deps({ appUrl: 'http://[::1]:3000', SOCIAL_SANDBOX_URL: 'http://127.0.0.1:4010' }),
      {
        workspaceId: me.workspaceId,
        postId: ig,
        content: 'Legenda',
        scheduledFor: AT,
      },
    );
    expect(line(sandbox, 'mediaUrl')?.message).toBe(
      preflightMessages.mediaUrlPrivate('instagram', '::1', '::1') + preflightMessages.mediaUrlSandbox,
    );
    const pub = await preflightPost(deps(), {
      workspaceId: me.workspaceId,
      postId: ig,
      content: 'Legenda',
      scheduledFor: AT,
    });
    expect(line(pub, 'mediaUrl')).toMatchObject({ level: 'ok' });
    // LinkedIn uploads the bytes: no line. Threads without media: nothing to fetch.
    const li = await makePost(me, { platform: 'linkedin' });
    await addImage(me, li);
    expect(
      line(
        await preflightPost(local, {
          workspaceId: me.workspaceId,
          postId: li,
          content: 'Oi',
          scheduledFor: AT,
        }),
        'mediaUrl',
      ),
    ).toBeUndefined();
    const th = await makePost(me, { platform: 'threads' });
    expect(
      line(
        await preflightPost(local, {
          workspaceId: me.workspaceId,
          postId: th,
          content: 'Oi',
          scheduledFor: AT,
        }),
        'mediaUrl',
      ),
    ).toBeUndefined();
  });
});

describe('preflightPost: what X charges, TikTok before its audit', () => {
  it('prices a post without and with a link, and takes the env override', async () => {
    const me = await workspace('pf-price');
    const postId = await makePost(me, { platform: 'x' });
    const plain = await preflightPost(deps(), {
      workspaceId: me.workspaceId,
      postId,
      content: 'Bom dia, Recife!',
      scheduledFor: AT,
    });
    expect(line(plain, 'price')?.level).toBe('ok');
    expect(line(plain, 'price')?.message).toContain('US$ 0,015');
    expect(line(plain, 'price')?.message).toContain('docs.x.com');
    const link = await preflightPost(deps(), {
      workspaceId: me.workspaceId,
      postId,
      content: 'Cardápio novo: https://padaria.exemplo.com.br/cardapio',
      scheduledFor: AT,
    });
    expect(line(link, 'price')?.level).toBe('warning');
    expect(line(link, 'price')?.message).toContain('US$ 0,200');
    expect(line(link, 'price')?.message).toContain('em vez de US$ 0,015');
    const custom = await preflightPost(deps({ X_PRICE_POST_WITH_LINK_USD: 0.25, X_PRICE_POST_USD: 0.01 }), {
      workspaceId: me.workspaceId,
      postId,
      content: 'Veja www.exemplo.com.br',
      scheduledFor: AT,
    });
    expect(line(custom, 'price')?.message).toContain('US$ 0,250');
    expect(line(custom, 'price')?.message).toContain('em vez de US$ 0,010');
    // Other networks charge nothing per post.
    const li = await makePost(me, { platform: 'linkedin' });
    expect(
      line(
        await preflightPost(deps(), {
          workspaceId: me.workspaceId,
          postId: li,
          content: 'Oi',
          scheduledFor: AT,
        }),
        'price',
      ),
    ).toBeUndefined();
  });

  it('says a TikTok post goes out private until the app is audited', async () => {
    const me = await workspace('pf-tiktok');
    const postId = await makePost(me, { platform: 'tiktok' });
    const before = await preflightPost(deps({ TIKTOK_APP_AUDITED: false }), {
      workspaceId: me.workspaceId,
      postId,
      content: 'Vídeo',
      scheduledFor: AT,
    });
    expect(line(before, 'privacy')).toEqual({
      kind: 'privacy',
      level: 'warning',
      message: preflightMessages.privateOnly('tiktok', 'TIKTOK_APP_AUDITED'),
    });
    const after = await preflightPost(deps({ TIKTOK_APP_AUDITED: true }), {
      workspaceId: me.workspaceId,
      postId,
      content: 'Vídeo',
      scheduledFor: AT,
    });
    expect(line(after, 'privacy')).toBeUndefined();
    // TikTok publishes only video: the save refuses it without one, and so does the pre-flight.
    expect(line(after, 'media')?.level).toBe('blocking');
  });
});

describe('posts.preflight over HTTP', () => {
  it('answers for the caller’s workspace only, and refuses a bad input', async () => {
    const me = await workspace('pf-http');
    const other = await workspace('pf-http-other');
    const postId = await makePost(me, { platform: 'linkedin' });
    const mine = await me.browser.mutate<PreflightReport>('posts.preflight', {
      id: postId,
      content: 'Olá',
      scheduledFor: null,
    });
    expect(mine.status).toBe(200);
    expect(mine.data?.platform).toBe('linkedin');
    expect(mine.data?.checks.map((c) => c.kind)).toEqual(['text', 'media']);
    const theirs = await other.browser.mutate('posts.preflight', {
      id: postId,
      content: 'Olá',
      scheduledFor: null,
    });
    expect(theirs.status).toBe(404);
    const bad = await me.browser.mutate('posts.preflight', { id: postId, content: 5, scheduledFor: null });
    expect(bad.status).toBe(400);
  });
});

describe('posts.preflight of a post not saved yet ("Novo post", docs/composer.md)', () => {
  it('checks a composer tab without a post: text, options, media rule and cap, as the composer’s save does', async () => {
    const me = await workspace('pf-draft');
    const other = await workspace('pf-draft-other');
    // The tab's text over X's limit blocks; under it nothing blocks and the price line shows.
    const over = await preflightPost(deps(), {
      workspaceId: me.workspaceId,
      platform: 'x',
      content: 'a'.repeat(281),
      scheduledFor: AT,
    });
    expect(over.platform).toBe('x');
    expect(line(over, 'text')?.level).toBe('blocking');
    const fits = await preflightPost(deps(), {
      workspaceId: me.workspaceId,
      platform: 'x',
      content: 'Olá',
      scheduledFor: AT,
    });
    expect(fits.level).not.toBe('blocking');
    expect(line(fits, 'media')).toMatchObject({ level: 'ok' });
    expect(line(fits, 'price')).toMatchObject({ level: 'ok' });
    // The options on screen, checked by the save's validator: an option the network lacks blocks.
    const options = await preflightPost(deps(), {
      workspaceId: me.workspaceId,
      platform: 'linkedin',
      content: 'Olá',
      scheduledFor: AT,
      networkOptions: { bogus: true },
    });
    expect(line(options, 'options')).toMatchObject({ level: 'blocking' });
    expect(line(options, 'options')?.message).toContain('O LinkedIn não tem a opção');
    // Pinterest cannot be saved without an image, YouTube without a video (the composer sends
    // images only): the composer save's own sentences.
    const pinterest = await preflightPost(deps(), {
      workspaceId: me.workspaceId,
      platform: 'pinterest',
      content: 'Olá',
      scheduledFor: AT,
    });
    expect(line(pinterest, 'media')).toEqual({
      kind: 'media',
      level: 'blocking',
      message: mediaRejectionMessage({ reason: 'IMAGE_REQUIRED', platform: 'pinterest' }),
    });
    const youtube = await preflightPost(deps(), {
      workspaceId: me.workspaceId,
      platform: 'youtube',
      content: 'Olá',
      scheduledFor: AT,
    });
    expect(line(youtube, 'media')).toEqual({
      kind: 'media',
      level: 'blocking',
      message: messages.composer.needsMedia('YouTube'),
    });
    // The daily cap counts this workspace's Instagram posts, plus the one being written.
    await makePost(me, { platform: 'instagram', scheduledFor: new Date(AT.getTime() - HOUR) });
    await makePost(other, { platform: 'instagram', scheduledFor: new Date(AT.getTime() - HOUR) });
    const instagram = await preflightPost(deps(), {
      workspaceId: me.workspaceId,
      platform: 'instagram',
      content: 'Olá',
      scheduledFor: AT,
    });
    expect(line(instagram, 'dailyCap')?.message).toBe(preflightMessages.dailyCap('instagram', 2, 50));
    // Instagram without an image: saved (the image may come later), but never "Tudo certo".
    expect(line(instagram, 'media')).toEqual({
      kind: 'media',
      level: 'warning',
      message: preflightMessages.mediaMissing('instagram'),
    });
    expect(instagram.level).toBe('warning');
  });

  it('warns on a saved Instagram post without an image, and not once it has one', async () => {
    const me = await workspace('pf-ig-image');
    const postId = await makePost(me, { platform: 'instagram' });
    const onScreen = { workspaceId: me.workspaceId, postId, content: 'Conteúdo do post', scheduledFor: AT };
    const before = await preflightPost(deps(), onScreen);
    expect(line(before, 'media')).toEqual({
      kind: 'media',
      level: 'warning',
      message: preflightMessages.mediaMissing('instagram'),
    });
    await addImage(me, postId);
    const after = await preflightPost(deps(), onScreen);
    expect(line(after, 'media')).toEqual({
      kind: 'media',
      level: 'ok',
      message: preflightMessages.mediaOk('instagram', 1),
    });
  });

  it('over HTTP: a draft needs its network, and blocks what posts.compose refuses', async () => {
    const me = await workspace('pf-draft-http');
    const noNetwork = await me.browser.mutate('posts.preflight', { content: 'Olá', scheduledFor: null });
    expect(noNetwork.status).toBe(400);
    const future = new Date(Date.now() + 72 * HOUR);
    const draft = await me.browser.mutate<PreflightReport>('posts.preflight', {
      platform: 'linkedin',
      content: 'Olá',
      scheduledFor: future,
    });
    expect(draft.status).toBe(200);
    expect(draft.data?.level).toBe('ok');
    const past = await me.browser.mutate<PreflightReport>('posts.preflight', {
      platform: 'linkedin',
      content: 'Olá',
      scheduledFor: new Date(Date.now() - 10 * 60_000),
    });
    expect(past.data && line(past.data, 'schedule')?.level).toBe('blocking');
    // The composer's save refuses the same past time.
    const save = await me.browser.mutate('posts.compose', {
      themeId: me.themeId,
      title: 'Título',
      baseContent: 'Olá',
      networks: [{ platform: 'linkedin', content: null }],
      scheduledFor: new Date(Date.now() - 10 * 60_000),
      action: 'schedule',
    });
    expect(save.status).toBe(400);
  });
});
