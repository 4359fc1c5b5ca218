// "Novo post" with an image (issue 30 items 1 and 10; docs/composer.md) in Chromium: a person with
// LinkedIn and X connected picks one image for the base text, describes it, sees each tab inherit
// it (badge, preview) and each tab's "Antes de agendar" count it, schedules, and both posts are
// published through the sandbox — each network receiving the image with its alt text. Screenshots
// of the composer at 1280 and 375 px, light and dark.
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { clickConnect, expectToast, freshId, mutateInPage, sandboxControl, signUp } from './flows.js';

type Network = 'linkedin' | 'x';
const TITLE = 'Moagem do café';
const BASE = 'Moagem média para o coado: nem pó, nem areia grossa. Como você mói o seu?';
const ALT = 'Grãos de café moídos numa colher de madeira';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The colour scheme of the open page (the toggle's effect) without closing the dialog. */
async function scheme(page: Page, value: 'light' | 'dark') {
  await page.evaluate((next) => {
    localStorage.setItem('mantine-color-scheme-value', next);
    document.documentElement.setAttribute('data-mantine-color-scheme', next);
  }, value);
}

async function pictures(page: Page, dialog: Locator, name: string) {
  for (const mode of ['light', 'dark'] as const) {
    await scheme(page, mode);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} ${width} ${mode}`).toBeLessThanOrEqual(0);
      await dialog.getByRole('tabpanel').scrollIntoViewIfNeeded();
      await snapshot(page, `${name}-${width}-${mode}`, { fullPage: false });
    }
  }
  await scheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('Novo post with an image for LinkedIn and X', () => {
  it('inherits the base image in each tab, checks it before scheduling, and each network receives it', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('novo-post-imagem');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

    const linkedinSub = freshId(19);
    const xSub = freshId(19);
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
    const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    await sql(
      `INSERT INTO themes (user_id, name, description, social_networks, color_palette)
       VALUES ($1, 'Cafés especiais', 'Métodos de preparo', ARRAY['linkedin','x'], 'green')`,
      [user!.id],
    );

    await page.goto('/scheduled-posts');
    await page.getByRole('button', { name: 'Novo post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo post' });
    await dialog.getByRole('combobox', { name: /^Tema/ }).click();
    await page.getByRole('option', { name: 'Cafés especiais' }).click();
    await dialog.getByRole('tab', { name: /^X/ }).waitFor();
    await dialog.getByRole('textbox', { name: /^Título/ }).fill(TITLE);
    await dialog.getByRole('textbox', { name: 'Texto base' }).fill(BASE);

    // One image for the base, uploaded at once, then described.
    const image = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#7a4a2a' } })
      .jpeg()
      .toBuffer();
    const base = dialog.getByRole('group', { name: 'Imagens ou vídeo', exact: true });
    await base
      .locator('input[type="file"][accept^="image/"]')
      .setInputFiles([{ name: 'moagem.jpg', mimeType: 'image/jpeg', buffer: image }]);
    const alt = base.getByRole('textbox', { name: 'Texto alternativo da imagem 1' });
    await alt.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
      // Say what the field shows (a refusal, a spinner) instead of only the timeout.
      await snapshot(page, 'composer-media-upload-failed', { fullPage: false });
      throw new Error(`imagem não apareceu: ${await base.evaluate((el) => el.outerHTML.slice(0, 3000))}`, {
        cause: error,
      });
    });
    await alt.fill(ALT);
    await base.scrollIntoViewIfNeeded();
    await snapshot(page, 'composer-media-base-1280', { fullPage: false });

    // Each tab inherits it: the badge, the preview, and its pre-flight counting one image.
    for (const [tab, label] of [
      [/^LinkedIn/, 'LinkedIn'],
      [/^X/, 'X (Twitter)'],
    ] as const) {
      await dialog.getByRole('tab', { name: tab }).click();
      const panel = dialog.getByRole('tabpanel');
      await panel.getByText('Usa a mídia da base').waitFor();
      await panel
        .getByRole('region', { name: `Prévia: ${label}` })
        .getByRole('img', { name: ALT })
        .first()
        .waitFor();
      await panel
        .getByTestId('preflight-panel')
        .getByText(`${label}: a mídia do post está dentro dos limites da rede.`)
        .waitFor({ timeout: 30_000 });
      await panel.getByTestId('preflight-panel').getByText('Tudo certo para agendar.').waitFor();
    }
    await pictures(page, dialog, 'composer-media-x');

    await dialog.getByRole('button', { name: 'Agendar' }).click();
    await expectToast(page, '2 posts criados, um por rede.');
    await dialog.waitFor({ state: 'detached' });

    const posts = await sql<{ id: string; platform: Network }>(
      'SELECT id, platform FROM suggested_posts WHERE user_id = $1 AND title = $2 ORDER BY platform',
      [user!.id, TITLE],
    );
    expect(posts.map((p) => p.platform)).toEqual(['linkedin', 'x']);
    // Each post has its own image row, as Editar Post stores one; the upload itself is consumed.
    const media = await sql<{ platform: string; alt_text: string; width: number; height: number }>(
      `SELECT p.platform, m.alt_text, m.width, m.height FROM post_media m
       JOIN suggested_posts p ON p.id = m.post_id WHERE p.id = ANY($1) ORDER BY p.platform`,
      [posts.map((p) => p.id)],
    );
    expect(media).toEqual([
      { platform: 'linkedin', alt_text: ALT, width: 1200, height: 800 },
      { platform: 'x', alt_text: ALT, width: 1200, height: 800 },
    ]);
    expect(await sql('SELECT id FROM composer_media WHERE user_id = $1', [user!.id])).toEqual([]);
    // The list shows each post's thumbnail.
    for (const post of posts)
      await page.locator(`[data-post-id="${post.id}"]`).locator('img').first().waitFor({ timeout: 30_000 });

    // Due in a few seconds: the worker publishes both.
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
      .toEqual(['linkedin:published', 'x:published']);

    const authorOf: Record<Network, string> = { linkedin: linkedinSub, x: xSub };
    for (const network of ['linkedin', 'x'] as const) {
      const res = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/posts?network=${network}`);
      const { posts: sent } = (await res.json()) as {
        posts: {
          authorId: string;
          text: string;
          media: { mimeType: string; width: number; height: number; altText: string }[];
        }[];
      };
      const ours = sent.filter((p) => p.authorId === authorOf[network]);
      expect(ours, network).toHaveLength(1);
      expect(
        ours[0]!.media.map(({ mimeType, width, height, altText }) => ({ mimeType, width, height, altText })),
        network,
      ).toEqual([{ mimeType: 'image/jpeg', width: 1200, height: 800, altText: ALT }]);
    }
    await context.close();
  }, 300_000);
});
