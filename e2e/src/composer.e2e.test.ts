// "Novo post" (issue 30 item 1; docs/composer.md) in Chromium: a person with LinkedIn, X and
// Instagram connected writes one post once — a base text, X's own text — schedules it, and sees
// the three posts (X with its own text) in Posts Agendados; Editar Post shows the other networks'
// versions. Then, Instagram's image added in Editar Post, the three are published through the
// sandbox: each network receives exactly one post, with its own text. Screenshots at 1280 and 375 px.
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { clickConnect, expectToast, freshId, mutateInPage, sandboxControl, signUp } from './flows.js';

type Network = 'linkedin' | 'x' | 'instagram';
const NETWORKS: readonly Network[] = ['linkedin', 'x', 'instagram'];
const TITLE = 'Café coado na hora';
const BASE =
  'Café coado na hora: água a 92 graus, moagem média e três minutos de paciência. Conte como você prepara o seu!';
const X_TEXT = 'Café coado: 92 °C, moagem média, 3 min. E o seu?';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('Novo post: one post written once for LinkedIn, X and Instagram', () => {
  it('schedules three posts (X with its own text), lists them, and publishes each once through the sandbox', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('novo-post');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

    const linkedinSub = freshId(19);
    const xSub = freshId(19);
    const pageId = freshId(15);
    const instagramId = `1784${freshId(13)}`;
    await sandboxControl('next-authorization', {
      network: 'linkedin',
      user: { sub: linkedinSub, given_name: 'Bia', family_name: 'Lopes', username: `bia${linkedinSub}` },
    });
    await (await clickConnect(page, 'LinkedIn')).getByText('Conectado').first().waitFor();
    await sandboxControl('next-authorization', {
      network: 'x',
      user: { sub: xSub, given_name: 'Bia', family_name: 'Lopes', username: `bia${xSub.slice(-8)}` },
    });
    await (await clickConnect(page, 'X (Twitter)')).getByText('Conectado').first().waitFor();
    const facebookUser = {
      sub: freshId(16),
      given_name: 'Bia',
      family_name: 'Lopes',
      pages: [
        {
          id: pageId,
          name: 'Café da Bia',
          category: 'Cafeteria',
          instagramAccountId: instagramId,
          instagramUsername: `cafedabia${pageId.slice(-6)}`,
        },
      ],
    };
    await sandboxControl('next-authorization', { network: 'facebook', user: facebookUser });
    const instagramCard = await clickConnect(page, 'Instagram');
    await instagramCard.getByText('Conectado', { exact: true }).waitFor({ timeout: 30_000 });

    // The theme (its AI drafts are not this test's subject): LinkedIn, X and Instagram.
    const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    await sql(
      `INSERT INTO themes (user_id, name, description, social_networks, color_palette)
       VALUES ($1, 'Cafés especiais', 'Métodos de preparo', ARRAY['linkedin','x','instagram'], 'green')`,
      [user!.id],
    );

    await page.goto('/scheduled-posts');
    await page.getByRole('button', { name: 'Novo post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo post' });
    await dialog.getByRole('combobox', { name: /^Tema/ }).click();
    await page.getByRole('option', { name: 'Cafés especiais' }).click();
    // The theme's connected networks come ticked, a tab each.
    for (const label of ['LinkedIn', 'X', 'Instagram'])
      await dialog.getByRole('tab', { name: new RegExp(`^${label}`) }).waitFor();
    await dialog.getByRole('textbox', { name: /^Título/ }).fill(TITLE);
    await dialog.getByRole('textbox', { name: 'Texto base' }).fill(BASE);
    await dialog.getByRole('tab', { name: /^X/ }).click();
    const xText = dialog.getByRole('textbox', { name: 'Texto para o X (Twitter)' });
    expect(await xText.inputValue()).toBe(BASE);
    await dialog.getByRole('tabpanel').getByText('Usa o texto base').waitFor();
    // Over X's limit: refused in X's tab, and "Antes de agendar" blocks — Agendar waits, saying why.
    await xText.fill(`${X_TEXT} ${'café '.repeat(50)}`);
    await dialog
      .getByRole('tabpanel')
      .getByText(/ultrapassa o limite de 280 caracteres do X \(Twitter\)/)
      .first()
      .waitFor();
    await dialog
      .getByTestId('composer-preflight-blocked')
      .getByText(/Ainda não dá para agendar\. X \(Twitter\)/)
      .waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole('button', { name: 'Agendar' }).isDisabled()).toBe(true);
    await snapshot(page, 'composer-refused-1280', { fullPage: false });
    await xText.fill(X_TEXT);
    await dialog.getByRole('tabpanel').getByText('Texto próprio').waitFor();
    await dialog
      .getByRole('tabpanel')
      .getByText(`${[...X_TEXT].length}/280 caracteres`)
      .waitFor();
    await snapshot(page, 'composer-x-tab-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await dialog.getByRole('tab', { name: /^Instagram/ }).click();
    await dialog.getByRole('tabpanel').getByText('Usa o texto base').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snapshot(page, 'composer-instagram-tab-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Tomorrow at 09:00 (the composer's default), in the person's zone.
    await dialog.getByRole('button', { name: 'Agendar' }).dblclick();
    await expectToast(page, '3 posts criados, um por rede.');
    await dialog.waitFor({ state: 'detached' });

    const posts = await sql<{
      id: string;
      platform: Network;
      content: string;
      group_id: string;
      scheduled_for: Date;
    }>(
      `SELECT id, platform, content, group_id, scheduled_for FROM suggested_posts
       WHERE user_id = $1 AND title = $2 ORDER BY platform`,
      [user!.id, TITLE],
    );
    // A double click stored one post per network.
    expect(posts.map((p) => [p.platform, p.content])).toEqual([
      ['instagram', BASE],
      ['linkedin', BASE],
      ['x', X_TEXT],
    ]);
    expect(new Set(posts.map((p) => p.group_id)).size).toBe(1);
    expect(new Set(posts.map((p) => p.scheduled_for.getTime())).size).toBe(1);
    const byNetwork = new Map(posts.map((p) => [p.platform, p]));

    // The list shows the three, X with its own text.
    for (const post of posts) {
      const card = page.locator(`[data-post-id="${post.id}"]`);
      await card.waitFor({ timeout: 30_000 });
      expect(await card.textContent()).toContain(post.platform === 'x' ? X_TEXT : BASE.slice(0, 40));
    }
    await snapshot(page, 'composer-list-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await snapshot(page, 'composer-list-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Instagram publishes only with an image: added in Editar Post, which lists the other networks.
    const instagram = byNetwork.get('instagram')!;
    await page.locator(`[data-post-id="${instagram.id}"]`).getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog');
    const siblings = edit.getByRole('region', { name: 'Outras redes deste post' });
    await siblings.getByText(X_TEXT).waitFor();
    await siblings.getByText('LinkedIn').waitFor();
    const image = await sharp({
      create: { width: 1080, height: 1080, channels: 3, background: '#6b3e26' },
    })
      .jpeg()
      .toBuffer();
    await edit
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'cafe.jpg', mimeType: 'image/jpeg', buffer: image }]);
    await edit
      .getByRole('group', { name: 'Imagens ou vídeo', exact: true })
      .getByRole('img', { name: 'Imagem 1', exact: true })
      .waitFor({ timeout: 60_000 });
    await siblings.scrollIntoViewIfNeeded();
    await snapshot(page, 'composer-edit-siblings-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await siblings.scrollIntoViewIfNeeded();
    await snapshot(page, 'composer-edit-siblings-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.waitFor({ state: 'detached' });

    // Due in a few seconds: the worker publishes the three.
    for (const post of posts) {
      const res = await mutateInPage(page, 'posts.reschedule', {
        json: { id: post.id, scheduledFor: new Date(Date.now() + 4000).toISOString() },
        meta: { values: { scheduledFor: ['Date'] } },
      });
      expect(res.status, res.body).toBe(200);
    }
    await expect
      .poll(
        async () =>
          (
            await sql<{ platform: string; status: string; last_error: string | null }>(
              'SELECT platform, status, last_error FROM suggested_posts WHERE id = ANY($1) ORDER BY platform',
              [posts.map((p) => p.id)],
            )
          ).map((r) => `${r.platform}:${r.status}${r.last_error ? ` ${r.last_error}` : ''}`),
        { timeout: 90_000, interval: 250 },
      )
      .toEqual(['instagram:published', 'linkedin:published', 'x:published']);

    const authorOf: Record<Network, string> = { linkedin: linkedinSub, x: xSub, instagram: instagramId };
    for (const network of NETWORKS) {
      const res = await fetch(`${inject('sandboxUrl')}/__sandbox/posts?network=${network}`);
      const { posts: sent } = (await res.json()) as { posts: { authorId: string; text: string }[] };
      const ours = sent.filter((p) => p.authorId === authorOf[network]);
      expect(ours, network).toHaveLength(1);
      // LinkedIn's text arrives "little text" escaped; the others verbatim.
      const received = network === 'linkedin' ? ours[0]!.text.replace(/\\(.)/g, '$1') : ours[0]!.text;
      expect(received, network).toBe(network === 'x' ? X_TEXT : BASE);
    }
    await context.close();
  }, 300_000);
});
