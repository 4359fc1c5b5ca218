// Issue 30 item 7 in Chromium (docs/csv-import.md): "Importar CSV" on Posts Agendados with a file
// whose second row names an unknown network — the row's error shows before anything is saved and
// there is no import button; the corrected file imports both posts, which Posts Agendados lists;
// "Exportar CSV" downloads them. The dialog at 1280 and 375 px (cards), light and dark, axe clean.
// Then the `imagem` column: an address that answers 404 is an error on its row; a good one is
// fetched by the server and stored with its post (with the alt text of its column). Then an image
// uploaded beside the CSV (`arquivo da imagem`): a row naming a file not added is an error on its
// row, an added file no row names is a warning, the corrected file stores the image with its post.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { connectX, createTheme, signUp } from './flows.js';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const HEADER = 'título;tema;rede;conta;data;hora;texto;imagem;status';

/** The dialog's CSV picker (the images' picker beside it takes image types). */
const csvInput = (dialog: Locator) => dialog.locator('input[type="file"][accept^=".csv"]');

/** dd/mm/aaaa `days` after today in São Paulo (the end of the month is no problem: real dates). */
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

function csvFile(secondNetwork: string) {
  const text = [
    HEADER,
    `Importado um;Coleção de verão;X (Twitter);;${dayAhead(3)};09:30;"Primeira linha\nsegunda; com ponto e vírgula";;`,
    `Importado dois;Coleção de verão;${secondNetwork};;${dayAhead(4)};18:45;Texto do segundo post;;`,
  ].join('\r\n');
  return { name: 'posts.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${text}`, 'utf8') };
}

describe('CSV import and export', () => {
  it('shows the bad row’s error before saving anything, imports the corrected file, lists and exports the posts', async () => {
    const { page } = await newPage(browser);
    const email = uniqueEmail('csv');
    await signUp(page, email, { firstName: 'Carla' });
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor({ timeout: 60_000 });
    await connectX(page);
    await createTheme(page, 'Coleção de verão', { networks: ['X (Twitter)'], frequency: 'Semanal' });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });
    const imported = () =>
      sql<{ title: string }>(
        `SELECT p.title FROM suggested_posts p JOIN users u ON u.id = p.user_id
          WHERE u.email = $1 AND p.title LIKE 'Importado%' ORDER BY p.scheduled_for`,
        [email],
      );

    await page.goto('/scheduled-posts');
    await page.getByTestId('posts-count').waitFor();
    await page.getByRole('button', { name: 'Importar CSV', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar posts de um CSV' });
    await dialog.waitFor();

    // A file with one bad row (line 4: the first post's text spans two lines): its error is on screen, nothing is saved, no import button.
    await csvInput(dialog).setInputFiles(csvFile('Orkut'));
    await dialog.getByText('Rede desconhecida: "Orkut".').waitFor();
    await dialog.getByText('2 linhas: 1 com erro, 0 com aviso.').waitFor();
    await dialog.getByRole('row', { name: 'Linha 2' }).getByText('OK', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: /^Importar \d+ posts?$/ }).count()).toBe(0);
    expect(await imported()).toEqual([]);
    await snapshot(page, 'csv-preview-error-1280', { fullPage: false });
    const axe = new AxeReport();
    await scan(page, axe, 'csv-import', 'light-1280');

    // The corrected file: both rows OK, one click imports both.
    await csvInput(dialog).setInputFiles(csvFile('X'));
    const importButton = dialog.getByRole('button', { name: 'Importar 2 posts', exact: true });
    await importButton.waitFor();
    await snapshot(page, 'csv-preview-ok-1280', { fullPage: false });
    await importButton.click();
    await dialog.getByText('2 posts importados.').waitFor();
    await snapshot(page, 'csv-done-1280', { fullPage: false });
    await scan(page, axe, 'csv-done', 'light-1280');
    expect(await imported()).toEqual([{ title: 'Importado um' }, { title: 'Importado dois' }]);
    await dialog.getByRole('button', { name: 'Concluir', exact: true }).click();

    // Posts Agendados lists them (the list refreshed after the import).
    await page.getByText('Importado um', { exact: true }).waitFor();
    await page.getByText('Importado dois', { exact: true }).waitFor();

    // Exportar CSV: a UTF-8 file with BOM, `;`, the imported posts at their local times.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^posts-pauta-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = readFileSync(await download.path());
    expect([...exported.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = exported.toString('utf8');
    expect(text).toContain(`${HEADER}\r\n`);
    expect(text).toContain(`Importado dois;Coleção de verão;X (Twitter);`);
    expect(text).toContain(`;${dayAhead(4)};18:45;Texto do segundo post;;`);

    // 375 px: the preview is a card per row; nothing overflows. Then dark.
    await page.setViewportSize({ width: 375, height: 812 });
    await snapshot(page, 'csv-toolbar-375', { fullPage: false });
    await page.getByRole('button', { name: 'Importar CSV', exact: true }).click();
    await dialog.waitFor();
    await csvInput(dialog).setInputFiles(csvFile('Orkut'));
    await dialog
      .getByRole('listitem', { name: 'Linha 4' })
      .getByText('Rede desconhecida: "Orkut".')
      .waitFor();
    await snapshot(page, 'csv-preview-375', { fullPage: false });
    await scan(page, axe, 'csv-import', 'light-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await page.keyboard.press('Escape');
    await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
    await page.reload();
    await page.waitForFunction(
      () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
    );
    await page.getByRole('button', { name: 'Importar CSV', exact: true }).click();
    await csvInput(dialog).setInputFiles(csvFile('Orkut'));
    await dialog.getByRole('listitem', { name: 'Linha 4' }).waitFor();
    await snapshot(page, 'csv-preview-dark-375', { fullPage: false });
    await scan(page, axe, 'csv-import', 'dark-375');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Importar CSV', exact: true }).click();
    await csvInput(dialog).setInputFiles(csvFile('Orkut'));
    await dialog.getByText('Rede desconhecida: "Orkut".').waitFor();
    await snapshot(page, 'csv-preview-dark-1280', { fullPage: false });
    await scan(page, axe, 'csv-import', 'dark-1280');
    expect(await imported()).toHaveLength(2);
    expect(axe.blocking(), axe.describeBlocking()).toEqual([]);
  }, 180_000);

  it('fetches a row’s image from its address: a 404 is refused on its row, a good image is stored with the post', async () => {
    // The images come from a server of this test on 127.0.0.1, an internal address the guard
    // refuses unless the admin allows private addresses (as the webhooks e2e does); this slot's
    // database is this file's alone.
    const jpeg = await sharp({
      create: { width: 1200, height: 675, channels: 3, background: { r: 30, g: 136, b: 229 } },
    })
      .jpeg()
      .toBuffer();
    const images = createServer((req, res) => {
      if (req.url === '/vitrine.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
    await sql(
      `UPDATE admin_settings SET setting_value = 'true'::jsonb WHERE setting_key = 'webhooks_allow_private_addresses'`,
    );
    try {
      const { page } = await newPage(browser);
      const email = uniqueEmail('csv-img');
      await signUp(page, email, { firstName: 'Bia' });
      await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor({ timeout: 60_000 });
      await connectX(page);
      await createTheme(page, 'Vitrine', { networks: ['X (Twitter)'], frequency: 'Semanal' });
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });
      const file = (image: string, day = 3) => ({
        name: 'imagens.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          [
            `${HEADER};texto alternativo`,
            `Com imagem;Vitrine;X;;${dayAhead(day)};09:30;A vitrine nova;${image};;Vitrine azul da loja`,
            `Sem imagem;Vitrine;X;;${dayAhead(4)};10:00;Outro post;;;`,
          ].join('\r\n'),
          'utf8',
        ),
      });

      await page.goto('/scheduled-posts');
      await page.getByTestId('posts-count').waitFor();
      await page.getByRole('button', { name: 'Importar CSV', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Importar posts de um CSV' });
      await dialog.waitFor();
      // A long address without blanks: it must wrap inside the row (375 px below).
      const missing = `${base}/campanha-de-verao-2027/fotos-da-vitrine-principal-da-loja/sumiu.jpg`;
      await csvInput(dialog).setInputFiles(file(missing));
      await dialog.getByText(`Não foi possível baixar a imagem de ${missing}`, { exact: false }).waitFor();
      await dialog.getByText('2 linhas: 1 com erro, 0 com aviso.').waitFor();
      expect(await dialog.getByRole('button', { name: /^Importar \d+ posts?$/ }).count()).toBe(0);
      await snapshot(page, 'csv-image-error-1280', { fullPage: false });

      await csvInput(dialog).setInputFiles(file(`${base}/vitrine.jpg`));
      await dialog.getByRole('button', { name: 'Importar 2 posts', exact: true }).click();
      await dialog.getByText('2 posts importados.').waitFor();
      const stored = await sql<{
        title: string;
        mime_type: string | null;
        width: number | null;
        alt_text: string | null;
      }>(
        `SELECT p.title, m.mime_type, m.width, m.alt_text FROM suggested_posts p
           JOIN users u ON u.id = p.user_id LEFT JOIN post_media m ON m.post_id = p.id
          WHERE u.email = $1 AND p.title IN ('Com imagem', 'Sem imagem') ORDER BY p.scheduled_for`,
        [email],
      );
      expect(stored).toEqual([
        { title: 'Com imagem', mime_type: 'image/jpeg', width: 1200, alt_text: 'Vitrine azul da loja' },
        { title: 'Sem imagem', mime_type: null, width: null, alt_text: null },
      ]);
      await page.setViewportSize({ width: 375, height: 812 });
      await dialog.getByRole('button', { name: 'Importar outro arquivo', exact: true }).click();
      // Another day: not the post just imported (a repeated row is skipped, its image not fetched).
      await csvInput(dialog).setInputFiles(file(missing, 5));
      await dialog.getByText(`Não foi possível baixar a imagem de ${missing}`, { exact: false }).waitFor();
      await snapshot(page, 'csv-image-error-375', { fullPage: false });
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    } finally {
      await sql(
        `UPDATE admin_settings SET setting_value = 'false'::jsonb WHERE setting_key = 'webhooks_allow_private_addresses'`,
      );
      await new Promise((resolve) => images.close(resolve));
    }
  }, 180_000);

  it('takes an image uploaded beside the CSV: a missing file is an error on its row, the named one is stored', async () => {
    const jpeg = await sharp({
      create: { width: 1080, height: 1080, channels: 3, background: { r: 240, g: 140, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const { page } = await newPage(browser);
    const email = uniqueEmail('csv-arq');
    await signUp(page, email, { firstName: 'Davi' });
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor({ timeout: 60_000 });
    await connectX(page);
    await createTheme(page, 'Outono', { networks: ['X (Twitter)'], frequency: 'Semanal' });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });
    const file = (second: string) => ({
      name: 'com-arquivos.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          `${HEADER};arquivo da imagem;texto alternativo`,
          `Com arquivo;Outono;X;;${dayAhead(3)};09:30;A coleção de outono;;;outono-laranja.jpg;Vitrine laranja`,
          `Outro arquivo;Outono;X;;${dayAhead(4)};10:00;Outro post;;;${second};`,
        ].join('\r\n'),
        'utf8',
      ),
    });

    await page.goto('/scheduled-posts');
    await page.getByTestId('posts-count').waitFor();
    await page.getByRole('button', { name: 'Importar CSV', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar posts de um CSV' });
    await dialog.waitFor();
    // Two images go up at once; "sobrou.jpg" is named by no row.
    await dialog.locator('input[type="file"][accept^="image/"]').setInputFiles([
      { name: 'outono-laranja.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      { name: 'sobrou.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    ]);
    const images = dialog.getByRole('list', { name: 'Imagens enviadas' });
    await images.getByRole('listitem', { name: 'outono-laranja.jpg' }).getByText('Enviada').waitFor();
    await images.getByRole('listitem', { name: 'sobrou.jpg' }).getByText('Enviada').waitFor();
    await csvInput(dialog).setInputFiles(file('nao-enviada.jpg'));
    await dialog.getByText('O arquivo "nao-enviada.jpg" não foi enviado', { exact: false }).waitFor();
    await dialog.getByText('A imagem "sobrou.jpg" não é citada em nenhuma linha', { exact: false }).waitFor();
    await dialog.getByText('2 linhas: 1 com erro, 0 com aviso.').waitFor();
    expect(await dialog.getByRole('button', { name: /^Importar \d+ posts?$/ }).count()).toBe(0);
    await snapshot(page, 'csv-file-error-1280', { fullPage: false });
    const axe = new AxeReport();
    await scan(page, axe, 'csv-files', 'light-1280');

    // 375 px: the images' list and the row's error fit; nothing overflows.
    await page.setViewportSize({ width: 375, height: 812 });
    await dialog.getByRole('listitem', { name: 'Linha 3' }).waitFor();
    await snapshot(page, 'csv-file-error-375', { fullPage: false });
    await scan(page, axe, 'csv-files', 'light-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The corrected file: the second row names the second image; both posts are stored.
    await csvInput(dialog).setInputFiles(file('sobrou.jpg'));
    await dialog.getByRole('button', { name: 'Importar 2 posts', exact: true }).click();
    await dialog.getByText('2 posts importados.').waitFor();
    const stored = await sql<{
      title: string;
      mime_type: string | null;
      width: number | null;
      alt_text: string | null;
    }>(
      `SELECT p.title, m.mime_type, m.width, m.alt_text FROM suggested_posts p
         JOIN users u ON u.id = p.user_id LEFT JOIN post_media m ON m.post_id = p.id
        WHERE u.email = $1 AND p.title IN ('Com arquivo', 'Outro arquivo') ORDER BY p.scheduled_for`,
      [email],
    );
    expect(stored).toEqual([
      { title: 'Com arquivo', mime_type: 'image/jpeg', width: 1080, alt_text: 'Vitrine laranja' },
      { title: 'Outro arquivo', mime_type: 'image/jpeg', width: 1080, alt_text: '' },
    ]);
    expect(axe.blocking(), axe.describeBlocking()).toEqual([]);
  }, 180_000);
});
