// Posts Publicados over HTTP against real PostgreSQL: newest first with keyset pages, metrics that
// stay null when unavailable, and removal of the caller's records only (docs/security.md Z2).
import type { DbHandle } from '@pauta/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import type { TrpcResult } from '../../../test/http-client.js';
import { insertTestTheme, listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import type { PublishedItem } from './published.service.js';

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

const makeAccount = (timezone?: string) =>
  signedInUser(handle, app.url, { label: 'published', ...(timezone ? { timezone } : {}) });

const makeTheme = (userId: string, name?: string) => insertTestTheme(handle, userId, name);

interface PublishedSeed {
  userId: string;
  themeId?: string | null;
  publishedAt: string;
  platform?: 'linkedin' | 'facebook' | 'x' | 'instagram';
  reach?: number | null;
  likes?: number | null;
  comments?: number | null;
  engagement?: number | string | null;
}

async function makePublished(seed: PublishedSeed): Promise<string> {
  const row = await handle.db
    .insertInto('published_posts')
    .values({
      user_id: seed.userId,
      theme_id: seed.themeId ?? null,
      title: 'Publicado',
      content: 'Conteúdo',
      platform: seed.platform ?? 'linkedin',
      published_at: new Date(seed.publishedAt),
      url: 'https://www.linkedin.com/feed/update/urn:li:share:1',
      reach: seed.reach ?? null,
      likes_count: seed.likes ?? null,
      comments_count: seed.comments ?? null,
      engagement_rate: seed.engagement ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function snapshot(userId: string) {
  const rows = await sql<{ id: string; xmin: string; row: string }>`
    SELECT id, xmin::text AS xmin, md5(p::text) AS row FROM published_posts p WHERE user_id = ${userId} ORDER BY id`.execute(
    handle.db,
  );
  return rows.rows;
}

type Page = { items: PublishedItem[]; nextCursor: string | null };

describe('published.list', () => {
  it('lists only the caller posts, newest first, with null metrics kept null', async () => {
    const me = await makeAccount();
    const other = await makeAccount();
    const theme = await makeTheme(me.id, 'Marca');
    const foreign = await makeTheme(other.id);
    const old = await makePublished({
      userId: me.id,
      themeId: theme.id,
      publishedAt: '2026-01-01T10:00:00Z',
      reach: 1500,
      likes: 30,
      comments: 5,
      engagement: '2.33',
    });
    const recent = await makePublished({ userId: me.id, publishedAt: '2026-02-01T10:00:00Z', platform: 'x' });
    await makePublished({ userId: other.id, themeId: foreign.id, publishedAt: '2026-03-01T10:00:00Z' });

    const res = await me.browser.query<Page>('published.list', {});
    expect(res.status).toBe(200);
    expect(res.data!.items.map((p) => p.id)).toEqual([recent, old]);
    expect(res.data!.nextCursor).toBeNull();
    expect(res.data!.items[0]).toMatchObject({
      themeId: null,
      themeName: null,
      themeColor: null,
      reach: null,
      likes: null,
      comments: null,
      engagementRate: null,
      metricsUpdatedAt: null,
      // X has metrics: nothing to explain while they are not read yet.
      metricsUnavailableReason: null,
    });
    expect(res.data!.items[1]).toEqual({
      id: old,
      themeId: theme.id,
      themeName: 'Marca',
      themeColor: 'green',
      title: 'Publicado',
      content: 'Conteúdo',
      platform: 'linkedin',
      publishedAt: new Date('2026-01-01T10:00:00Z'),
      url: 'https://www.linkedin.com/feed/update/urn:li:share:1',
      reach: 1500,
      likes: 30,
      comments: 5,
      engagementRate: 2.33,
      metricsUpdatedAt: null,
      metricsUnavailableReason: null,
    });

    expect(
      (await me.browser.query<Page>('published.list', { platform: 'x' })).data!.items.map((p) => p.id),
    ).toEqual([recent]);
    expect(
      (await me.browser.query<Page>('published.list', { themeId: theme.id })).data!.items.map((p) => p.id),
    ).toEqual([old]);
    expect((await me.browser.query<Page>('published.list', { themeId: foreign.id })).data!.items).toEqual([]);
    expect((await me.browser.query('published.list', { userId: other.id })).status).toBe(400);
    expect((await me.browser.query('published.list', { limit: 101 })).status).toBe(400);
  });

  it('a LinkedIn post without metrics says why when LINKEDIN_POST_ANALYTICS is off', async () => {
    const me = await makeAccount();
    await makePublished({ userId: me.id, publishedAt: '2026-01-01T10:00:00Z', platform: 'linkedin' });
    const res = await me.browser.query<Page>('published.list', {});
    expect(res.data!.items[0]!.metricsUnavailableReason).toMatch(
      /^O LinkedIn só libera métricas de posts pessoais .*LINKEDIN_POST_ANALYTICS=1/,
    );
  });

  it('pages newest first without gaps or repeats across equal timestamps', async () => {
    const me = await makeAccount();
    const times = [
      '2026-04-01T10:00:00.000001Z',
      '2026-04-01T10:00:00Z',
      '2026-04-01T10:00:00Z',
      '2026-03-31T09:00:00Z',
    ];
    for (let i = 0; i < 11; i++)
      await makePublished({ userId: me.id, publishedAt: times[i % times.length]! });
    const expected = await sql<{ id: string }>`
      SELECT id FROM published_posts WHERE user_id = ${me.id} ORDER BY published_at DESC, id DESC`.execute(
      handle.db,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: TrpcResult<Page> = await me.browser.query('published.list', { limit: 3, cursor });
      seen.push(...res.data!.items.map((p) => p.id));
      cursor = res.data!.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected.rows.map((r) => r.id));
    expect((await me.browser.query('published.list', { cursor: 'x' })).status).toBe(400);
  });
});

describe('published.list in sandbox mode', () => {
  it('"Ver na rede" points at the sandbox page of the post, not the real network', async () => {
    const sandboxApp = await listen(
      testDeps(handle, { sandbox: true }, { SOCIAL_SANDBOX_URL: 'http://127.0.0.1:4999' }),
    );
    try {
      const me = await signedInUser(handle, sandboxApp.url, { label: 'published-sandbox' });
      await makePublished({ userId: me.id, publishedAt: '2026-02-01T10:00:00Z' });
      const page = (await me.browser.query<Page>('published.list', {})).data!;
      expect(page.items.map((p) => p.url)).toEqual([
        'http://127.0.0.1:4999/www.linkedin.com/feed/update/urn:li:share:1',
      ]);
    } finally {
      await sandboxApp.close();
    }
  });
});

describe('published.delete', () => {
  it("removes the caller's record; another user's id is NOT_FOUND and stays", async () => {
    const me = await makeAccount();
    const other = await makeAccount();
    const mine = await makePublished({ userId: me.id, publishedAt: '2026-01-01T10:00:00Z' });
    const theirs = await makePublished({ userId: other.id, publishedAt: '2026-01-01T10:00:00Z' });
    const before = await snapshot(other.id);
    const denied = await me.browser.mutate('published.delete', { id: theirs });
    expect(denied.status).toBe(404);
    expect(denied.error?.message).toBe('NOT_FOUND');
    expect(await snapshot(other.id)).toEqual(before);
    expect((await me.browser.mutate('published.delete', { id: mine })).data).toEqual({ deleted: 1 });
    expect(await snapshot(me.id)).toEqual([]);
    expect((await me.browser.mutate('published.delete', { id: mine })).status).toBe(404);
  });
});
