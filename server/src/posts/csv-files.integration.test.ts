// The CSV import's images uploaded beside the file (docs/csv-import.md, "Images from the computer")
// and the workspace's budget of image addresses fetched, over HTTP against real PostgreSQL and the
// local media storage. The files go up once, as "Novo post"'s (POST /api/composer/media); the
// preview and the import name them by id. No address here is ever fetched: the rate-limit test
// uses 127.0.0.1 addresses the guard refuses (the admin setting stays at its seeded false).
import { randomUUID } from 'node:crypto';
import { csvMessages, mediaRejectionMessage, POST_CSV_COLUMNS } from '@pauta/core';
import { type DbHandle, parseKeyring, upsertAccount } from '@pauta/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { listen, signedInUser, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import type { ComposerMediaView } from '../media/composer-media.service.js';
import type { QueueGateway } from '../queue/queue-gateway.js';
import type { CsvPreview } from './csv.service.js';

const keyring = parseKeyring(TEST_KEYS);
let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
/** An app whose workspaces may fetch 3 image addresses per hour. */
let limited: { url: string; close(): Promise<void> };

const fakeQueue: QueueGateway = {
  isAvailable: () => true,
  requestMetricsSync: async () => true,
  enqueuePublish: async (posts) => posts.length,
  cancelPublish: async (posts) => posts.length,
  queues: () => [],
  close: async () => {},
};

/** A photo with EXIF (camera name) that the import must strip, as an upload does. */
const photo = await sharp({
  create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 90, b: 20 } },
})
  .jpeg()
  .withExif({ IFD0: { Make: 'CameraSecreta' } })
  .toBuffer();
/** A panorama Instagram refuses (ratio past 1.91:1); LinkedIn takes it. */
const panorama = await sharp({ create: { width: 3000, height: 600, channels: 3, background: '#1e88e5' } })
  .jpeg()
  .toBuffer();

beforeAll(async () => {
  handle = await testDb();
  const deps = testDeps(handle, { queue: fakeQueue });
  app = await listen(deps);
  limited = await listen(
    testDeps(handle, {
      queue: fakeQueue,
      media: { ...deps.media!, csvImageFetchLimit: { limit: 3, windowMs: 60 * 60_000 } },
    }),
  );
});
afterAll(async () => {
  await app?.close();
  await limited?.close();
  await handle?.close();
});

async function person(label: string, url = app.url) {
  const me = await signedInUser(handle, url, { label });
  await handle.db
    .insertInto('themes')
    .values({
      user_id: me.id,
      name: 'Promoções',
      description: 'Descrição',
      social_networks: ['linkedin', 'instagram'],
      color_palette: 'green',
    })
    .execute();
  for (const platform of ['linkedin', 'instagram'] as const)
    await upsertAccount(handle.db, keyring, {
      userId: me.id,
      platform,
      platformUserId: `${platform}-${me.id.slice(0, 8)}`,
      platformUsername: 'loja',
      accountData: {},
      accessToken: 'token-de-teste',
      refreshToken: null,
      accessTokenExpiresAt: null,
    });
  const posts = () =>
    handle.db
      .selectFrom('suggested_posts')
      .leftJoin('post_media', 'post_media.post_id', 'suggested_posts.id')
      .select([
        'suggested_posts.title',
        'suggested_posts.platform',
        'post_media.mime_type',
        'post_media.width',
        'post_media.height',
        'post_media.alt_text',
        'post_media.storage_key',
      ])
      .where('suggested_posts.user_id', '=', me.id)
      .orderBy('suggested_posts.title')
      .execute();
  const upload = async (bytes: Buffer) => {
    const res = await me.browser.request('/api/composer/media', {
      method: 'POST',
      headers: {
        'content-type': 'image/jpeg',
        'sec-fetch-site': 'same-origin',
        'idempotency-key': randomUUID(),
      },
      body: bytes,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { media: ComposerMediaView }).media.id;
  };
  return { me, posts, upload };
}

/** A fixed future day (2 years ahead is the limit; the test never depends on today's zone). */
function dayAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

/** Rows of [title, network, image address, file name, alt text]. */
function csvOf(rows: [string, string, string, string, string?][]): string {
  const header = [...POST_CSV_COLUMNS, 'arquivo da imagem', 'texto alternativo'].join(';');
  const lines = rows.map(([title, network, url, file, alt], i) =>
    [
      title,
      'Promoções',
      network,
      '',
      dayAhead(5 + i),
      '10:00',
      `Texto de ${title}`,
      url,
      '',
      file,
      alt ?? '',
    ].join(';'),
  );
  return [header, ...lines].join('\r\n');
}

describe('CSV import: images uploaded beside the file', () => {
  it('shows a missing, refused or network-refused file on its row and an unnamed file as a warning; saves nothing', async () => {
    const { me, posts, upload } = await person('csv-arq-previa');
    const foto = await upload(photo);
    const largo = await upload(panorama);
    const sobra = await upload(photo);
    const csv = csvOf([
      ['A boa', 'LinkedIn', '', 'Foto.JPG'],
      ['B sem arquivo', 'LinkedIn', '', 'nao-enviada.png'],
      ['C recusada', 'LinkedIn', '', 'planilha.jpg'],
      ['D panorama', 'Instagram', '', 'largo.jpg'],
      ['E as duas', 'LinkedIn', 'https://exemplo.com/a.jpg', 'foto.jpg'],
    ]);
    const refusal = mediaRejectionMessage({ reason: 'UNSUPPORTED_TYPE' });
    const input = {
      csv,
      files: [
        { name: 'foto.jpg', id: foto },
        { name: 'largo.jpg', id: largo },
        { name: 'sobrou.jpg', id: sobra },
      ],
      refused: [{ name: 'planilha.jpg', message: refusal }],
    };
    const preview = await me.browser.mutate<CsvPreview>('posts.importCsvPreview', input);
    expect(preview.status).toBe(200);
    expect(preview.data!.rows.map((r) => [r.title, r.errors])).toEqual([
      ['A boa', []],
      ['B sem arquivo', [csvMessages.row.imageFileMissing('nao-enviada.png')]],
      ['C recusada', [csvMessages.row.imageFileRefused('planilha.jpg', refusal)]],
      ['D panorama', [expect.stringContaining('O arquivo "largo.jpg" não pode ser usado: ')]],
      ['E as duas', [csvMessages.row.imageAndFile]],
    ]);
    // Instagram's own rule (the ratio), as an upload in Editar Post says it.
    expect(preview.data!.rows[3]!.errors[0]).toContain('proporção');
    expect(preview.data!.fileWarnings).toEqual([csvMessages.warning.imageFileUnused('sobrou.jpg')]);
    expect(preview.data).toMatchObject({ errorCount: 4, importable: 1 });
    expect((await me.browser.mutate('posts.importCsv', input)).status).toBe(400);
    expect(await posts()).toEqual([]);
    // Nothing consumed: the uploads are still there for the corrected file.
    const left = await handle.db
      .selectFrom('composer_media')
      .select('id')
      .where('id', 'in', [foto, largo])
      .execute();
    expect(left).toHaveLength(2);
  });

  it('stores each file with its post as an upload: re-encoded without EXIF, with its alt text; the uploads are then gone', async () => {
    const { me, posts, upload } = await person('csv-arq-importa');
    const foto = await upload(photo);
    const largo = await upload(panorama);
    const csv = csvOf([
      ['A foto', 'LinkedIn', '', 'foto.jpg', 'Vitrine da loja'],
      ['B panorama', 'LinkedIn', '', 'largo.jpg'],
      ['C mesma foto', 'Instagram', '', 'FOTO.jpg'],
      ['D sem imagem', 'LinkedIn', '', ''],
    ]);
    const files = [
      { name: 'foto.jpg', id: foto },
      { name: 'largo.jpg', id: largo },
    ];
    const preview = await me.browser.mutate<CsvPreview>('posts.importCsvPreview', { csv, files });
    expect(preview.data).toMatchObject({ errorCount: 0, importable: 4, fileWarnings: [] });
    const res = await me.browser.mutate<{ created: number }>('posts.importCsv', { csv, files });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ created: 4 });
    const saved = await posts();
    expect(saved.map((p) => [p.title, p.platform, p.mime_type, p.width, p.height, p.alt_text])).toEqual([
      ['A foto', 'linkedin', 'image/jpeg', 1200, 800, 'Vitrine da loja'],
      ['B panorama', 'linkedin', 'image/jpeg', 3000, 600, ''],
      ['C mesma foto', 'instagram', 'image/jpeg', 1200, 800, ''],
      ['D sem imagem', 'linkedin', null, null, null, null],
    ]);
    // Each post has files of its own, under its key, without the camera's EXIF.
    expect(new Set(saved.slice(0, 3).map((p) => p.storage_key)).size).toBe(3);
    const stored = await testDeps(handle).media!.storage.get(saved[0]!.storage_key!);
    expect(stored.includes(Buffer.from('CameraSecreta'))).toBe(false);
    // The uploads were copied and dropped (their files queued for the sweeper).
    const left = await handle.db
      .selectFrom('composer_media')
      .select('id')
      .where('id', 'in', [foto, largo])
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses more images than one import takes, and two files of the same name, as file errors', async () => {
    const { me } = await person('csv-arq-limites');
    const csv = csvOf([['A', 'LinkedIn', '', 'a.jpg']]);
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `f${i}.jpg`, id: randomUUID() }));
    const tooMany = await me.browser.mutate<CsvPreview>('posts.importCsvPreview', { csv, files: many });
    expect(tooMany.data).toMatchObject({ fileError: csvMessages.file.imageFilesTooMany(50), rows: [] });
    const twice = await me.browser.mutate<CsvPreview>('posts.importCsvPreview', {
      csv,
      files: [
        { name: 'a.jpg', id: randomUUID() },
        { name: 'A.JPG', id: randomUUID() },
      ],
    });
    expect(twice.data?.fileError).toBe(csvMessages.file.imageFileNameRepeated('A.JPG'));
  });

  it('an upload of another workspace is not found: the row says to add the file again', async () => {
    const other = await person('csv-arq-outro');
    const theirs = await other.upload(photo);
    const { me, posts } = await person('csv-arq-meu');
    const csv = csvOf([['A', 'LinkedIn', '', 'foto.jpg']]);
    const files = [{ name: 'foto.jpg', id: theirs }];
    const preview = await me.browser.mutate<CsvPreview>('posts.importCsvPreview', { csv, files });
    expect(preview.data!.rows[0]!.errors).toEqual([csvMessages.row.imageFileGone('foto.jpg')]);
    expect((await me.browser.mutate('posts.importCsv', { csv, files })).status).toBe(400);
    expect(await posts()).toEqual([]);
  });
});

describe('CSV import: the budget of image addresses per workspace', () => {
  it('stops fetching after the hour’s addresses with a pt-BR file error; files and other workspaces go on', async () => {
    const { me, upload } = await person('csv-arq-limite', limited.url);
    const urls = (n: number) =>
      Array.from({ length: n }, (_, i): [string, string, string, string] => [
        `Post ${i}`,
        'LinkedIn',
        `http://127.0.0.1:9/${randomUUID()}.jpg`,
        '',
      ]);
    // 2 addresses, then 2 more: the budget of 3 is spent (the second preview still ran).
    for (const _ of [1, 2]) {
      const ok = await me.browser.mutate<CsvPreview>('posts.importCsvPreview', { csv: csvOf(urls(2)) });
      expect(ok.data?.fileError).toBeNull();
      expect(ok.data!.rows[0]!.errors[0]).toContain('Não foi possível baixar a imagem');
    }
    const refused = await me.browser.mutate<CsvPreview>('posts.importCsvPreview', { csv: csvOf(urls(1)) });
    expect(refused.status).toBe(200);
    expect(refused.data).toMatchObject({ fileError: csvMessages.file.imageFetchLimited(3, 60), rows: [] });
    // The import is refused too (it would fetch again), and nothing is saved.
    expect((await me.browser.mutate('posts.importCsv', { csv: csvOf(urls(1)) })).status).toBe(400);
    // Uploaded files fetch nothing: still checked.
    const foto = await upload(photo);
    const withFile = await me.browser.mutate<CsvPreview>('posts.importCsvPreview', {
      csv: csvOf([['Arquivo', 'LinkedIn', '', 'foto.jpg']]),
      files: [{ name: 'foto.jpg', id: foto }],
    });
    expect(withFile.data).toMatchObject({ fileError: null, errorCount: 0, importable: 1 });
    // Another workspace has its own budget.
    const other = await person('csv-arq-limite-outro', limited.url);
    const theirs = await other.me.browser.mutate<CsvPreview>('posts.importCsvPreview', {
      csv: csvOf(urls(1)),
    });
    expect(theirs.data?.fileError).toBeNull();
  });
});
