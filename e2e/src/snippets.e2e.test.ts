// Issue 30 item 5 in Chromium (docs/snippets.md): "Trechos salvos" from Configurações — the empty
// state, a bad hashtag refused by name, a hashtag group and a signature created — then in a post's
// "Editar Post" the group inserted at the cursor and the signature at the end with "Inserir
// trecho", saved, and the saved text seen again; then in "Novo post" the group inserted in the base
// text (the tab that inherits follows) and the signature in LinkedIn's tab (its own text from then
// on), scheduled, and the stored text checked. Screenshots at 1280 and 375 px, light and dark.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { clickConnect, expectToast, freshId, sandboxControl, signUp } from './flows.js';

let browser: Browser;
let page: Page;
let close: () => Promise<void>;
let userId: string;
let postId: string;
const when = new Date(Date.now() + 5 * 86_400_000);
when.setUTCHours(13, 0, 0, 0);

const TITLE = 'Bolo de cenoura';
const SIGNATURE = 'Encomendas pelo WhatsApp (11) 99999-0000';

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
  const email = uniqueEmail('trechos');
  await signUp(page, email);
  await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
  userId = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
  const [{ id: themeId }] = (await sql<{ id: string }>(
    `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
     VALUES ($1, 'Confeitaria', 'Bolos', ARRAY['professional'], ARRAY['linkedin'], 'weekly', 'green')
     RETURNING id`,
    [userId],
  )) as [{ id: string }];
  [{ id: postId }] = (await sql<{ id: string }>(
    `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
     VALUES ($1, $2, $3, 'Bolo de cenoura saindo agora', 'linkedin', 1, $4) RETURNING id`,
    [themeId, userId, TITLE, when],
  )) as [{ id: string }];
});
afterAll(async () => {
  await close?.();
  await browser?.close();
});

async function createSnippet(kind: 'Grupo de hashtags' | 'Assinatura', name: string, text: string) {
  await page.getByRole('button', { name: 'Criar trecho', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Novo trecho' });
  await dialog.waitFor();
  await dialog.getByText(kind, { exact: true }).click();
  await dialog.getByRole('textbox', { name: /^Nome/ }).fill(name);
  await dialog
    .getByRole('textbox', { name: kind === 'Assinatura' ? /^Texto da assinatura/ : /^Hashtags/ })
    .fill(text);
  await dialog.getByRole('button', { name: 'Criar trecho', exact: true }).click();
  return dialog;
}

const shot = async (name: string) => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 375] as const) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.evaluate((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
      await page.reload();
      await page.getByRole('heading', { name: 'Trechos salvos', exact: true }).first().waitFor();
      await page
        .getByText(/trechos$|Nenhum trecho salvo ainda/)
        .first()
        .waitFor();
      await snapshot(page, `snippets-${name}-${scheme}-${width}`);
    }
  }
  await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'light'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
};

describe('Trechos salvos', () => {
  it('creates a hashtag group and a signature, inserts both in Editar Post, and saves the text', {
    timeout: 180_000,
  }, async () => {
    // From Configurações to the empty page, which says how to begin.
    await page.goto('/settings');
    const card = page.getByRole('link', { name: /Trechos salvos/ });
    await card.waitFor();
    for (const width of [1280, 375] as const) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await snapshot(page, `snippets-settings-light-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await card.click();
    await page.getByText('Nenhum trecho salvo ainda', { exact: true }).waitFor();
    await shot('empty');

    // A tag with a hyphen is refused by name, and nothing is sent.
    let dialog = await createSnippet('Grupo de hashtags', 'Confeitaria', 'bolo #pé-de-moleque');
    await dialog.getByText(/A hashtag "#pé-de-moleque" tem um caractere/).waitFor();
    await dialog.getByRole('textbox', { name: /^Hashtags/ }).fill('bolo, confeitaria #Bolo');
    await dialog.getByText('Será salvo como: #bolo #confeitaria', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Criar trecho', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectToast(page, 'Trecho criado.');
    const group = page.getByRole('listitem', { name: 'Confeitaria', exact: true });
    await group.getByText('#bolo #confeitaria', { exact: true }).waitFor();

    dialog = await createSnippet('Assinatura', 'Loja', SIGNATURE);
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('listitem', { name: 'Loja', exact: true })
      .getByText(SIGNATURE, { exact: true })
      .waitFor();
    await page.getByText('2 de 50 trechos', { exact: true }).waitFor();
    expect(
      await sql<{ kind: string; name: string; text: string }>(
        'SELECT kind, name, text FROM snippets WHERE workspace_id = $1 ORDER BY position',
        [userId],
      ),
    ).toEqual([
      { kind: 'hashtags', name: 'Confeitaria', text: '#bolo #confeitaria' },
      { kind: 'signature', name: 'Loja', text: SIGNATURE },
    ]);
    await shot('list');
    await page.getByRole('button', { name: 'Criar trecho', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Novo trecho' })
      .getByRole('textbox', { name: /^Nome/ })
      .fill('Páscoa');
    await snapshot(page, 'snippets-form-light-1280', { fullPage: false });
    await page.keyboard.press('Escape');

    // Editar Post: the group at the cursor (after "Bolo de cenoura"), the signature at the end.
    await page.goto('/scheduled-posts');
    await page
      .getByRole('article', { name: TITLE, exact: true })
      .getByRole('button', { name: 'Editar', exact: true })
      .click();
    const editor = page.getByRole('dialog', { name: 'Editar Post' });
    await editor.waitFor();
    const content = editor.getByRole('textbox', { name: /Conteúdo/ });
    await content.evaluate((el: HTMLTextAreaElement) => {
      el.focus();
      el.setSelectionRange(15, 15);
    });
    await editor.getByRole('button', { name: 'Inserir trecho', exact: true }).click();
    await snapshot(page, 'snippets-insert-menu-light-1280', { fullPage: false });
    await page.getByRole('menuitem', { name: /^Confeitaria/ }).click();
    await editor.getByRole('button', { name: 'Inserir trecho', exact: true }).click();
    await page.getByRole('menuitem', { name: /^Loja/ }).click();
    const expected = `Bolo de cenoura #bolo #confeitaria saindo agora\n\n${SIGNATURE}`;
    await expect.poll(() => content.inputValue()).toBe(expected);
    await editor.getByText(`${expected.length}/3000 caracteres`).waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await snapshot(page, 'snippets-inserted-light-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await editor.getByRole('button', { name: 'Salvar', exact: true }).click();
    await editor.waitFor({ state: 'detached' });
    expect(
      (await sql<{ content: string }>('SELECT content FROM suggested_posts WHERE id = $1', [postId]))[0]!
        .content,
    ).toBe(expected);

    // The saved text, as the person sees it again.
    await page.reload();
    await page
      .getByRole('article', { name: TITLE, exact: true })
      .getByRole('button', { name: 'Editar', exact: true })
      .click();
    await expect
      .poll(() =>
        page
          .getByRole('dialog', { name: 'Editar Post' })
          .getByRole('textbox', { name: /Conteúdo/ })
          .inputValue(),
      )
      .toBe(expected);
  });

  it("inserts the group in the composer's base text and the signature in a network's tab, and schedules that text", {
    timeout: 180_000,
  }, async () => {
    // Runs after the first test: the two snippets exist. The composer offers connected networks only.
    const sub = freshId(19);
    await sandboxControl('next-authorization', {
      network: 'linkedin',
      user: { sub, given_name: 'Bia', family_name: 'Lopes', username: `bia${sub}` },
    });
    await (await clickConnect(page, 'LinkedIn')).getByText('Conectado').first().waitFor();

    await page.goto('/scheduled-posts');
    await page.getByRole('button', { name: 'Novo post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo post' });
    await dialog.getByRole('combobox', { name: /^Tema/ }).click();
    await page.getByRole('option', { name: 'Confeitaria' }).click();
    await dialog.getByRole('tab', { name: /^LinkedIn/ }).waitFor();
    await dialog.getByRole('textbox', { name: /^Título/ }).fill('Bolo de fubá');
    const base = dialog.getByRole('textbox', { name: 'Texto base' });
    await base.fill('Bolo de fubá saindo agora');
    await base.evaluate((el: HTMLTextAreaElement) => {
      el.focus();
      el.setSelectionRange(12, 12);
    });
    // The base's menu is the first "Inserir trecho"; the open tab's is inside its panel.
    await dialog.getByRole('button', { name: 'Inserir trecho', exact: true }).first().click();
    await page.getByRole('menuitem', { name: /^Confeitaria/ }).click();
    const withTags = 'Bolo de fubá #bolo #confeitaria saindo agora';
    await expect.poll(() => base.inputValue()).toBe(withTags);
    // The menu closed after the pick (none left open under the next one).
    await expect.poll(() => page.getByRole('menuitem').count()).toBe(0);
    const linkedin = dialog.getByRole('textbox', { name: 'Texto para o LinkedIn' });
    expect(await linkedin.inputValue()).toBe(withTags);
    await dialog.getByRole('tabpanel').getByText('Usa o texto base').waitFor();

    await dialog.getByRole('tabpanel').getByRole('button', { name: 'Inserir trecho', exact: true }).click();
    await page.getByRole('menuitem', { name: /^Loja/ }).click();
    const signed = `${withTags}\n\n${SIGNATURE}`;
    await expect.poll(() => linkedin.inputValue()).toBe(signed);
    await dialog.getByRole('tabpanel').getByText('Texto próprio').waitFor();
    await dialog.getByRole('tabpanel').getByText(`${signed.length}/3000 caracteres`).waitFor();
    expect(await base.inputValue()).toBe(withTags);
    for (const width of [1280, 375] as const) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await dialog
        .getByRole('tabpanel')
        .getByRole('button', { name: 'Inserir trecho', exact: true })
        .scrollIntoViewIfNeeded();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await snapshot(page, `snippets-composer-light-${width}`, { fullPage: false });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await dialog.getByRole('button', { name: 'Agendar', exact: true }).click();
    await expectToast(page, '1 post criado.');
    await dialog.waitFor({ state: 'detached' });
    expect(
      await sql<{ platform: string; content: string }>(
        `SELECT platform, content FROM suggested_posts WHERE user_id = $1 AND title = 'Bolo de fubá'`,
        [userId],
      ),
    ).toEqual([{ platform: 'linkedin', content: signed }]);
  });
});
