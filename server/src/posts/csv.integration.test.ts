// CSV import and export over HTTP against real PostgreSQL (docs/csv-import.md): the preview saves
// nothing, a bad row refuses the whole file, the confirm is atomic and idempotent, everything is
// scoped to the caller's workspace, and an export imported again makes the same posts.
import { csvMessages, POST_CSV_COLUMNS } from '@pauta/core';
import { type DbHandle, parseKeyring, upsertAccount } from '@pauta/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { insertTestTheme, listen, signedInUser, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import type { QueueGateway, WakeUp } from '../queue/queue-gateway.js';
import type { CsvPreview } from './csv.service.js';

const keyring = parseKeyring(TEST_KEYS);
let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
const enqueued: WakeUp[] = [];
const fakeQueue: QueueGateway = {
  isAvailable: () => true,
  requestMetricsSync: async () => true,
  enqueuePublish: async (posts) => {
    enqueued.push(...posts);
    return posts.length;
  },
  cancelPublish: async (posts) => posts.length,
  queues: () => [],
  close: async () => {},
};

beforeAll(async () => {
  handle = await testDb();
  app = await listen(testDeps(handle, { queue: fakeQueue }));
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});
beforeEach(() => {
  enqueued.length = 0;
});

/** A person with a theme on LinkedIn and X, LinkedIn connected as "loja". */
async function person(label: string, themeName = 'Promoções') {
  const me = await signedInUser(handle, app.url, { label });
  const theme = await insertTestTheme(handle, me.id, themeName);
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
      .select(['title', 'content', 'platform', 'scheduled_for', 'status', 'approval_stage', 'theme_id'])
      .where('user_id', '=', me.id)
      .orderBy('scheduled_for')
      .orderBy('title')
      .execute();
  return { me, theme, posts };
}

/** dd/mm/aaaa of a day `days` ahead, in São Paulo. */
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

const header = POST_CSV_COLUMNS.join(';');
const line = (cells: {
  título?: string;
  tema?: string;
  rede?: string;
  data?: string;
  hora?: string;
  texto?: string;
}) =>
  [
    cells.título ?? 'Post',
    cells.tema ?? 'Promoções',
    cells.rede ?? 'LinkedIn',
    '',
    cells.data ?? dayAhead(5),
    cells.hora ?? '10:00',
    cells.texto ?? 'Texto',
    '',
    '',
  ].join(';');

describe('posts.importCsvPreview / posts.importCsv', () => {
  it('previews every row with its errors and saves nothing; a file with a bad row imports nothing', async () => {
    const { me, posts } = await person('csv-atomic');
    const csv = `\uFEFF${header}\r\n${line({ título: 'Bom' })}\r\n${line({ título: 'Ruim', rede: 'Orkut' })}\r\n`;
    const res = await me.browser.mutate<CsvPreview>('posts.importCsvPreview', { csv });
    expect(res.status).toBe(200);
    expect(res.data!.rows.map((r) => [r.line, r.title, r.errors])).toEqual([
      [2, 'Bom', []],
      [3, 'Ruim', [csvMessages.row.networkUnknown('Orkut')]],
    ]);
    expect(res.data).toMatchObject({ fileError: null, errorCount: 1, importable: 1 });
    expect(await posts()).toEqual([]);

    const refused = await me.browser.mutate('posts.importCsv', { csv });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe('VALIDATION_FAILED');
    expect(await posts()).toEqual([]);
    expect(enqueued).toEqual([]);
  });

  it('imports every row in one go, as posts made in the app (approval rule, wake-ups), and the same confirm twice creates once', async () => {
    const { me, theme, posts } = await person('csv-import');
    await handle.db
      .updateTable('themes')
      .set({ requires_approval: true })
      .where('id', '=', theme.id)
      .execute();
    const csv = [
      header,
      line({ título: 'Primeiro', hora: '09:30', texto: 'Linha 1\nLinha 2' }),
      line({ título: 'Segundo', data: dayAhead(6), texto: '"Com aspas; e ponto e vírgula"' }),
    ].join('\r\n');
    const key = crypto.randomUUID();
    const first = await me.browser.mutate<{ created: number; existing: number }>(
      'posts.importCsv',
      { csv },
      { idempotencyKey: key },
    );
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ created: 2, existing: 0 });
    const again = await me.browser.mutate<{ created: number; existing: number }>(
      'posts.importCsv',
      { csv },
      { idempotencyKey: key },
    );
    expect(again.data).toEqual({ created: 2, existing: 0 });
    const saved = await posts();
    expect(saved).toHaveLength(2);
    expect(saved[0]).toMatchObject({
      title: 'Primeiro',
      content: 'Linha 1\nLinha 2',
      platform: 'linkedin',
      status: 'scheduled',
      // The theme requires approval: into Rascunho, as a post drafted in the app.
      approval_stage: 'draft',
    });
    expect(saved[1]!.content).toBe('Com aspas; e ponto e vírgula');
    expect(
      new Intl.DateTimeFormat('pt-BR', {
        timeZone: 'America/Sao_Paulo',
        hour: '2-digit',
        minute: '2-digit',
      }).format(saved[0]!.scheduled_for!),
    ).toBe('09:30');
    expect(enqueued).toHaveLength(2);

    // The same file again with another key (a new upload): nothing is doubled.
    const preview = await me.browser.mutate<CsvPreview>('posts.importCsvPreview', { csv });
    expect(preview.data!.importable).toBe(0);
    expect(preview.data!.rows[0]!.warnings).toContain(csvMessages.warning.duplicate);
    const repeat = await me.browser.mutate<{ created: number; existing: number }>('posts.importCsv', { csv });
    expect(repeat.data).toEqual({ created: 0, existing: 2 });
    expect(await posts()).toHaveLength(2);
  });

  it("knows only the caller's workspace: another's theme is unknown and its posts are not exported", async () => {
    const owner = await person('csv-dono', 'Tema do dono');
    const stranger = await person('csv-estranho', 'Tema alheio');
    const csv = `${header}\n${line({ tema: 'Tema do dono' })}`;
    const res = await stranger.me.browser.mutate<CsvPreview>('posts.importCsvPreview', { csv });
    expect(res.data!.rows[0]!.errors).toEqual([csvMessages.row.themeUnknown('Tema do dono')]);
    expect((await stranger.me.browser.mutate('posts.importCsv', { csv })).status).toBe(400);
    expect(await owner.posts()).toEqual([]);
    expect(await stranger.posts()).toEqual([]);

    expect((await owner.me.browser.mutate('posts.importCsv', { csv })).status).toBe(200);
    const exported = await stranger.me.browser.query<{ csv: string; count: number }>('posts.exportCsv', {});
    expect(exported.data!.count).toBe(0);
  });

  it('refuses a file without the required columns, or with more than 500 rows, in pt-BR', async () => {
    const { me, posts } = await person('csv-limites');
    const noColumns = await me.browser.mutate<CsvPreview>('posts.importCsvPreview', {
      csv: 'título;texto\nA;B',
    });
    expect(noColumns.data!.fileError).toBe(csvMessages.file.missingColumns(['tema', 'rede', 'data', 'hora']));
    const many = [header, ...Array.from({ length: 501 }, (_, i) => line({ título: `P${i}` }))].join('\n');
    const tooMany = await me.browser.mutate<CsvPreview>('posts.importCsvPreview', { csv: many });
    expect(tooMany.status).toBe(200);
    expect(tooMany.data!.fileError).toBe(csvMessages.file.tooManyRows(501, 500));
    expect((await me.browser.mutate('posts.importCsv', { csv: many })).status).toBe(400);
    // A file past the router's 100 kB body limit still reaches the import (its own limit).
    const big = [
      header,
      ...Array.from({ length: 400 }, (_, i) => line({ título: `G${i}`, texto: `${i} ${'x'.repeat(700)}` })),
    ].join('\n');
    expect(big.length).toBeGreaterThan(250_000);
    const bigPreview = await me.browser.mutate<CsvPreview>('posts.importCsvPreview', { csv: big });
    expect(bigPreview.status).toBe(200);
    expect(bigPreview.data).toMatchObject({ fileError: null, errorCount: 0, importable: 400 });
    expect(await posts()).toEqual([]);
  });
});

describe('posts.exportCsv', () => {
  it('writes the filtered posts in the person’s zone, and importing the export into another workspace makes the same posts', async () => {
    const source = await person('csv-exporta', 'Dicas');
    const csv = [
      header,
      line({ tema: 'Dicas', título: 'Um', hora: '08:15', texto: '"=SOMA(1;2) não é fórmula"' }),
      line({
        tema: 'Dicas',
        título: 'Dois',
        data: dayAhead(9),
        texto: 'Quebra\nde linha; e "aspas"'.replace(/"/g, '""').replace(/^|$/g, '"'),
      }),
    ].join('\n');
    expect((await source.me.browser.mutate('posts.importCsv', { csv })).status).toBe(200);

    const exported = await source.me.browser.query<{ csv: string; count: number; filename: string }>(
      'posts.exportCsv',
      {},
    );
    expect(exported.status).toBe(200);
    expect(exported.data!.count).toBe(2);
    expect(exported.data!.filename).toMatch(/^posts-pauta-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = exported.data!.csv;
    expect(text.startsWith(`\uFEFF${header}\r\n`)).toBe(true);
    expect(text).toContain(
      `Um;Dicas;LinkedIn;loja;${dayAhead(5)};08:15;"'=SOMA(1;2) não é fórmula";;Agendado`,
    );
    const filtered = await source.me.browser.query<{ count: number }>('posts.exportCsv', { platform: 'x' });
    expect(filtered.data!.count).toBe(0);

    const target = await person('csv-recebe', 'Dicas');
    const imported = await target.me.browser.mutate<{ created: number }>('posts.importCsv', { csv: text });
    expect(imported.data).toEqual({ created: 2, existing: 0 });
    const strip = (rows: Awaited<ReturnType<typeof source.posts>>) =>
      rows.map(({ theme_id: _theme, ...rest }) => rest);
    expect(strip(await target.posts())).toEqual(strip(await source.posts()));
  });
});

describe('network options in the CSV (opcoes_<rede>.<opção>)', () => {
  /** A person whose theme publishes on LinkedIn and Google Meu Negócio, both connected. */
  async function googlePerson(label: string) {
    const who = await person(label, 'Loja');
    await handle.db
      .updateTable('themes')
      .set({ social_networks: ['linkedin', 'google_business'] })
      .where('id', '=', who.theme.id)
      .execute();
    await upsertAccount(handle.db, keyring, {
      userId: who.me.id,
      platform: 'google_business',
      platformUserId: `gb-${who.me.id.slice(0, 8)}`,
      platformUsername: 'padaria',
      accountData: {},
      accessToken: 'token-de-teste',
      refreshToken: null,
      accessTokenExpiresAt: null,
    });
    const stored = () =>
      handle.db
        .selectFrom('suggested_posts')
        .select(['title', 'platform', 'network_options'])
        .where('user_id', '=', who.me.id)
        .orderBy('title')
        .execute();
    return { ...who, stored };
  }
  const optionHeader = `${header};opcoes_google_business.postType;opcoes_google_business.offerTitle;opcoes_google_business.offerStart;opcoes_google_business.offerEnd;Opções_Google_Business.eventTitle`;
  const withOptions = (cells: Parameters<typeof line>[0], options: string[]) =>
    [line({ tema: 'Loja', ...cells }), ...options].join(';');

  it('shows each bad option on its row in pt-BR and saves nothing', async () => {
    const { me, stored } = await googlePerson('csv-opcoes-erro');
    const google = 'Google Meu Negócio';
    const csv = [
      optionHeader,
      withOptions({ título: 'Oferta boa', rede: google }, [
        'Oferta',
        'Natal',
        '01/12/2026 09:00',
        '24/12/2026 18:00',
        '',
      ]),
      withOptions({ título: 'Tipo errado', rede: google }, ['Promo', '', '', '', '']),
      withOptions({ título: 'Evento sem título', rede: google }, ['Evento', '', '', '', '']),
      withOptions({ título: 'Fim antes', rede: google }, [
        'OFFER',
        'Natal',
        '24/12/2026 18:00',
        '01/12/2026 09:00',
        '',
      ]),
      withOptions({ título: 'Opção alheia', rede: 'LinkedIn' }, ['Novidade', '', '', '', '']),
    ].join('\r\n');
    const res = await me.browser.mutate<CsvPreview>('posts.importCsvPreview', { csv });
    expect(res.status).toBe(200);
    const errorsOf = (title: string) => res.data!.rows.find((r) => r.title === title)!.errors;
    expect(errorsOf('Oferta boa')).toEqual([]);
    expect(errorsOf('Tipo errado')).toEqual([
      csvMessages.option.inColumn(
        csvMessages.option.choice('Tipo de post', 'Promo', ['Novidade', 'Oferta', 'Evento']),
        'opcoes_google_business.postType',
      ),
    ]);
    const eventErrors = errorsOf('Evento sem título');
    expect(eventErrors[0]).toBe(
      'Preencha “Título do evento” nas Opções do Google Meu Negócio antes de agendar. (coluna opcoes_google_business.eventTitle)',
    );
    expect(eventErrors.some((e) => e.includes('Início do evento'))).toBe(true);
    expect(errorsOf('Fim antes')).toEqual([
      '“Fim da oferta” precisa ser depois de “Início da oferta”. (coluna opcoes_google_business.offerEnd)',
    ]);
    expect(errorsOf('Opção alheia')).toEqual([
      csvMessages.option.otherNetwork('opcoes_google_business.postType', google, 'LinkedIn'),
    ]);
    expect(res.data).toMatchObject({ errorCount: 4, importable: 1 });

    const refused = await me.browser.mutate('posts.importCsv', { csv });
    expect(refused.status).toBe(400);
    expect(await stored()).toEqual([]);
    expect(enqueued).toEqual([]);
  });

  it('refuses a column that names no declared option, as a file error', async () => {
    const { me } = await googlePerson('csv-opcoes-coluna');
    const csv = [`${header};opcoes_google_business.cupom`, `${line({ tema: 'Loja' })};X`].join('\n');
    const res = await me.browser.mutate<CsvPreview>('posts.importCsvPreview', { csv });
    expect(res.data).toMatchObject({
      fileError: csvMessages.file.optionColumnUnknown('opcoes_google_business.cupom'),
      rows: [],
    });
  });

  it('stores the options with the post, and export → import into another workspace keeps them', async () => {
    const source = await googlePerson('csv-opcoes-ida');
    const google = 'Google Meu Negócio';
    const csv = [
      optionHeader,
      withOptions({ título: 'A oferta', rede: google }, [
        'oferta',
        ' Natal ',
        '2026-12-01T09:00',
        '24/12/2026 18:00',
        '',
      ]),
      withOptions({ título: 'B novidade', rede: google, texto: 'Pão quentinho' }, ['', '', '', '', '']),
      withOptions({ título: 'C linkedin', rede: 'LinkedIn' }, ['', '', '', '', '']),
    ].join('\n');
    const imported = await source.me.browser.mutate<{ created: number }>('posts.importCsv', { csv });
    expect(imported.status, JSON.stringify(imported.error)).toBe(200);
    const offer = {
      postType: 'OFFER',
      offerTitle: 'Natal',
      offerStart: '2026-12-01T09:00',
      offerEnd: '2026-12-24T18:00',
    };
    expect(await source.stored()).toEqual([
      { title: 'A oferta', platform: 'google_business', network_options: offer },
      // No cell: {} — the network's defaults (a Novidade), as Editar Post stores it.
      { title: 'B novidade', platform: 'google_business', network_options: {} },
      { title: 'C linkedin', platform: 'linkedin', network_options: {} },
    ]);

    const exported = await source.me.browser.query<{ csv: string }>('posts.exportCsv', {});
    const text = exported.data!.csv;
    const [head] = text.slice(1).split('\r\n');
    expect(head!.split(';').slice(POST_CSV_COLUMNS.length, POST_CSV_COLUMNS.length + 2)).toEqual([
      'opcoes_google_business.postType',
      'opcoes_google_business.eventTitle',
    ]);
    expect(text).toContain('Oferta;');
    expect(text).toContain('01/12/2026 09:00');

    const target = await googlePerson('csv-opcoes-volta');
    const again = await target.me.browser.mutate<{ created: number }>('posts.importCsv', { csv: text });
    expect(again.data).toEqual({ created: 3, existing: 0 });
    expect(await target.stored()).toEqual(await source.stored());
  });
});
