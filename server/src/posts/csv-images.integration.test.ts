// The CSV import's `imagem` column (docs/csv-import.md, "Images") over HTTP against real PostgreSQL
// and the local media storage. The images come from a local HTTP server of this test (never the
// internet); it listens on 127.0.0.1, which the address guard refuses unless the admin setting
// webhooks_allow_private_addresses is on — the first test checks the refusal with it off, the
// others turn it on, as the guard's own tests allow private addresses deliberately.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { csvMessages, mediaRejectionMessage, POST_CSV_COLUMNS } from '@pauta/core';
import { type DbHandle, type MediaStorage, parseKeyring, upsertAccount } from '@pauta/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb } from '../../../test/harness.js';
import { insertTestTheme, listen, signedInUser, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import type { QueueGateway } from '../queue/queue-gateway.js';
import type { CsvPreview } from './csv.service.js';

const keyring = parseKeyring(TEST_KEYS);
let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
let images: Server;
let base = '';
/** Requests the image server answered, by path. */
const served: string[] = [];

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
const png = await sharp({ create: { width: 640, height: 640, channels: 4, background: '#1e88e5' } })
  .png()
  .toBuffer();

async function setAllowPrivate(on: boolean) {
  await handle.db
    .updateTable('admin_settings')
    .set({ setting_value: JSON.stringify(on) })
    .where('setting_key', '=', 'webhooks_allow_private_addresses')
    .execute();
}

let drop: () => Promise<void>;

beforeAll(async () => {
  // A database of its own: the tests turn webhooks_allow_private_addresses on, an admin setting the
  // files run after this one in the same slot would otherwise inherit (schema.integration.test.ts
  // expects the seeded false; CI, 2026-11-28).
  ({ handle, drop } = await isolatedDb());
  app = await listen(testDeps(handle, { queue: fakeQueue }));
  images = createServer((req, res) => {
    served.push(req.url ?? '');
    switch (req.url) {
      case '/foto.jpg':
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
        return;
      case '/quadrado.png':
        res.writeHead(200, { 'content-type': 'image/png' }).end(png);
        return;
      case '/redireciona':
        res.writeHead(302, { location: '/quadrado.png' }).end();
        return;
      case '/pagina.jpg':
        // Says it is an image; its bytes are a web page.
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html><body>Olá</body></html>');
        return;
      case '/enorme.png': {
        // A PNG signature followed by 21 MB: past the upload limit (20 MB) while reading.
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.concat([png.subarray(0, 8), Buffer.alloc(21 * 1024 * 1024, 1)]));
        return;
      }
      default:
        res.writeHead(404, { 'content-type': 'text/plain' }).end('não existe');
    }
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => images?.close(resolve));
  await drop?.();
});

async function person(label: string, url = app.url) {
  const me = await signedInUser(handle, url, { label });
  await insertTestTheme(handle, me.id, 'Promoções');
  await upsertAccount(handle.db, keyring, {
    userId: me.id,
    platform: 'linkedin',
    platformUserId: `li-${me.id.slice(0, 8)}`,
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
        'post_media.mime_type',
        'post_media.width',
        'post_media.height',
        'post_media.alt_text',
        'post_media.storage_key',
        'post_media.position',
        'post_media.user_id',
      ])
      .where('suggested_posts.user_id', '=', me.id)
      .orderBy('suggested_posts.title')
      .execute();
  return { me, posts };
}

function dayAhead(days: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(Date.now() + days * 86_400_000));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('day')}/${part('month')}/${part('year')}`;
}

/** A file with the fixed columns and an alt-text column; one row per [title, image address, alt]. */
function csvOf(rows: [string, string, string?][]): string {
  const header = [...POST_CSV_COLUMNS, 'texto alternativo'].join(';');
  const lines = rows.map(([title, image, alt], i) =>
    [
      title,
      'Promoções',
      'LinkedIn',
      '',
      dayAhead(5 + i),
      '10:00',
      `Texto de ${title}`,
      image,
      '',
      alt ?? '',
    ].join(';'),
  );
  return [header, ...lines].join('\r\n');
}

describe('CSV import: images from their addresses', () => {
  it('refuses a private address (127.0.0.1) while the guard is on, before anything is saved', async () => {
    await setAllowPrivate(false);
    const { me, posts } = await person('csv-img-privado');
    const url = `${base}/foto.jpg`;
    const csv = csvOf([['Privado', url]]);
    const before = served.length;
    const preview = await me.browser.mutate<CsvPreview>('posts.importCsvPreview', { csv });
    expect(preview.status).toBe(200);
    expect(preview.data!.rows[0]!.errors).toEqual([csvMessages.row.imageUnreachable(url)]);
    expect(preview.data).toMatchObject({ errorCount: 1, importable: 0 });
    // Refused before connecting: the server never saw the request.
    expect(served.length).toBe(before);
    expect((await me.browser.mutate('posts.importCsv', { csv })).status).toBe(400);
    expect(await posts()).toEqual([]);
    await setAllowPrivate(true);
  });

  it('shows each bad address on its row in pt-BR: 404, not an image, too big; a good one and a redirect pass', async () => {
    await setAllowPrivate(true);
    const { me, posts } = await person('csv-img-preview');
    const csv = csvOf([
      ['Boa', `${base}/foto.jpg`],
      ['Redireciona', `${base}/redireciona`],
      ['Sumiu', `${base}/nao-existe.jpg`],
      ['Pagina', `${base}/pagina.jpg`],
      ['Enorme', `${base}/enorme.png`],
      ['Ftp', 'ftp://exemplo.com/a.jpg'],
    ]);
    const preview = await me.browser.mutate<CsvPreview>('posts.importCsvPreview', { csv });
    expect(preview.status).toBe(200);
    expect(preview.data!.rows.map((r) => [r.title, r.errors])).toEqual([
      ['Boa', []],
      ['Redireciona', []],
      ['Sumiu', [csvMessages.row.imageUnreachable(`${base}/nao-existe.jpg`)]],
      [
        'Pagina',
        [
          csvMessages.row.imageRejected(
            `${base}/pagina.jpg`,
            mediaRejectionMessage({ reason: 'UNSUPPORTED_TYPE' }),
          ),
        ],
      ],
      ['Enorme', [csvMessages.row.imageUnreachable(`${base}/enorme.png`)]],
      ['Ftp', [csvMessages.row.imageNotHttp('ftp://exemplo.com/a.jpg')]],
    ]);
    expect(preview.data).toMatchObject({ errorCount: 4, importable: 2 });
    // The preview saves nothing, not even files.
    expect(await posts()).toEqual([]);
    expect((await me.browser.mutate('posts.importCsv', { csv })).status).toBe(400);
    expect(await posts()).toEqual([]);
  });

  it('stores each image with its post as an upload in Editar Post: re-encoded, no EXIF, alt text from its column', async () => {
    await setAllowPrivate(true);
    const { me, posts } = await person('csv-img-importa');
    const csv = csvOf([
      ['A foto', `${base}/foto.jpg`, 'Vitrine da loja ao entardecer'],
      ['B quadrado', `${base}/redireciona`],
      ['C sem imagem', ''],
      ['D mesma foto', `${base}/foto.jpg`],
    ]);
    const fetchesBefore = served.filter((path) => path === '/foto.jpg').length;
    const res = await me.browser.mutate<{ created: number; existing: number }>('posts.importCsv', { csv });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ created: 4, existing: 0 });
    // An address used by two rows is fetched once.
    expect(served.filter((path) => path === '/foto.jpg').length - fetchesBefore).toBe(1);
    const saved = await posts();
    expect(saved.map((p) => [p.title, p.mime_type, p.width, p.height, p.alt_text, p.position])).toEqual([
      ['A foto', 'image/jpeg', 1200, 800, 'Vitrine da loja ao entardecer', 0],
      ['B quadrado', 'image/png', 640, 640, '', 0],
      ['C sem imagem', null, null, null, null, null],
      ['D mesma foto', 'image/jpeg', 1200, 800, '', 0],
    ]);
    expect(saved[0]!.user_id).toBe(me.id);
    // The stored bytes are the re-encoded image, without the camera's EXIF.
    const deps = testDeps(handle);
    const stored = await deps.media!.storage.get(saved[0]!.storage_key!);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes(Buffer.from('CameraSecreta'))).toBe(false);
    // The files are recorded: nothing of theirs waits in the garbage queue.
    const garbage = await handle.db
      .selectFrom('media_garbage')
      .select('storage_key')
      .where('storage_key', 'in', [saved[0]!.storage_key!, saved[1]!.storage_key!])
      .execute();
    expect(garbage).toEqual([]);
  });

  it('all or nothing: a storage failure on the second image stores no post and deletes the files already written', async () => {
    await setAllowPrivate(true);
    const base0 = testDeps(handle);
    const real = base0.media!.storage;
    const puts: string[] = [];
    const deleted: string[] = [];
    const failing: MediaStorage = Object.assign(Object.create(real) as MediaStorage, {
      put: async (key: string, bytes: Buffer, type: string) => {
        if (puts.length >= 2) throw new Error('disco cheio');
        puts.push(key);
        await real.put(key, bytes, type);
      },
      delete: async (keys: readonly string[]) => {
        deleted.push(...keys);
        await real.delete(keys);
      },
    });
    const broken = await listen(
      testDeps(handle, { queue: fakeQueue, media: { ...base0.media!, storage: failing } }),
    );
    try {
      const { me, posts } = await person('csv-img-falha', broken.url);
      const csv = csvOf([
        ['A primeira', `${base}/foto.jpg`],
        ['B segunda', `${base}/quadrado.png`],
      ]);
      const res = await me.browser.mutate('posts.importCsv', { csv });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(await posts()).toEqual([]);
      // The first image's two files were written, then deleted.
      expect(puts).toHaveLength(2);
      expect(deleted.sort()).toEqual([...puts].sort());
      for (const key of puts) await expect(real.get(key)).rejects.toThrow();
    } finally {
      await broken.close();
    }
  });
});
