// Issue 30 item 7 in Chromium (docs/csv-import.md): "Importar CSV" on Posts Agendados with a file
// whose second row names an unknown network — the row's error shows before anything is saved and
// there is no import button; the corrected file imports both posts, which Posts Agendados lists;
// "Exportar CSV" downloads them. The dialog at 1280 and 375 px (cards), light and dark, axe clean.
import { readFileSync } from 'node:fs';
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
    await dialog.locator('input[type="file"]').setInputFiles(csvFile('Orkut'));
    await dialog.getByText('Rede desconhecida: "Orkut".').waitFor();
    await dialog.getByText('2 linhas: 1 com erro, 0 com aviso.').waitFor();
    await dialog.getByRole('row', { name: 'Linha 2' }).getByText('OK', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: /^Importar \d+ posts?$/ }).count()).toBe(0);
    expect(await imported()).toEqual([]);
    await snapshot(page, 'csv-preview-error-1280', { fullPage: false });
    const axe = new AxeReport();
    await scan(page, axe, 'csv-import', 'light-1280');

    // The corrected file: both rows OK, one click imports both.
    await dialog.locator('input[type="file"]').setInputFiles(csvFile('X'));
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
    await dialog.locator('input[type="file"]').setInputFiles(csvFile('Orkut'));
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
    await dialog.locator('input[type="file"]').setInputFiles(csvFile('Orkut'));
    await dialog.getByRole('listitem', { name: 'Linha 4' }).waitFor();
    await snapshot(page, 'csv-preview-dark-375', { fullPage: false });
    await scan(page, axe, 'csv-import', 'dark-375');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Importar CSV', exact: true }).click();
    await dialog.locator('input[type="file"]').setInputFiles(csvFile('Orkut'));
    await dialog.getByText('Rede desconhecida: "Orkut".').waitFor();
    await snapshot(page, 'csv-preview-dark-1280', { fullPage: false });
    await scan(page, axe, 'csv-import', 'dark-1280');
    expect(await imported()).toHaveLength(2);
    expect(axe.blocking(), axe.describeBlocking()).toEqual([]);
  }, 180_000);
});
