// Issue 31's "Done when", in one flow: the seven networks the issue added, each connected through
// its sandbox the way a person connects it (the LinkedIn Page, Google location and Pinterest board
// pickers, Bluesky's app-password form, Mastodon's instance prompt, Instagram Login, Threads' OAuth),
// then ONE theme scheduled to all seven. The first post of each network gets an image with its alt
// text in 'Editar Post' and is made due; the worker publishes it, and each sandbox receives exactly
// one post: that network's text from the theme, with the image. Each network's own refusals (too
// long, too many images, no board / location) are in its own file (threads, bluesky, mastodon,
// google-business, pinterest, linkedin-pages, instagram-login .e2e.test.ts).
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { createTheme, freshId, mutateInPage, sandboxControl, signUp } from './flows.js';

const INSTANCE = 'todas.pauta-e2e.com.br';

/** The seven networks of issue 31: platform id, card/theme-form label, whether an image carries its alt text. */
const NETWORKS = [
  { platform: 'linkedin_page', label: 'LinkedIn (Página)', altText: true },
  { platform: 'instagram', label: 'Instagram', altText: true },
  { platform: 'threads', label: 'Threads', altText: true },
  { platform: 'bluesky', label: 'Bluesky', altText: true },
  { platform: 'mastodon', label: 'Mastodon', altText: true },
  { platform: 'google_business', label: 'Google Meu Negócio', altText: false },
  { platform: 'pinterest', label: 'Pinterest', altText: true },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  const made = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/mastodon/instances`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ host: INSTANCE, maxCharacters: 500, title: 'Todas as redes' }),
  });
  expect(made.status).toBe(201);
});
afterAll(async () => browser?.close());

async function photo(index: number): Promise<Buffer> {
  const colors = ['#0a66c2', '#e1306c', '#101010', '#1185fe', '#6364ff', '#1a73e8', '#e60023'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080"><rect width="100%" height="100%" fill="${colors[index]}"/><text x="540" y="580" font-size="140" text-anchor="middle" font-family="sans-serif" fill="white">Rede ${index + 1}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function connectAll(page: Page): Promise<void> {
  await page.goto('/connected-accounts');
  const card = (label: string) => page.getByRole('article', { name: `Conta ${label}`, exact: true });
  const connected = async (label: string) => {
    await page
      .getByText(new RegExp(`^Conta ${label.replace(/[()]/g, '\\$&')} conectada com sucesso!`))
      .first()
      .waitFor({ timeout: 30_000 });
    await card(label).getByText('Conectado', { exact: true }).waitFor();
  };
  const backHere = () => page.waitForURL('**/connected-accounts**', { timeout: 30_000 });

  // LinkedIn Page: two administered organisations, the picker asks which.
  await card('LinkedIn (Página)').getByRole('button', { name: 'Conectar' }).click();
  let picker = page.getByRole('dialog', { name: 'Escolha a Página do LinkedIn' });
  await picker.getByRole('radio', { name: 'Ana Souza Fotografia' }).check({ timeout: 30_000 });
  await picker.getByRole('button', { name: 'Conectar Página' }).click();
  await connected('LinkedIn (Página)');

  // Instagram with Instagram Login (no Facebook Page): a professional account.
  const igUserId = `1784${freshId(13)}`;
  await sandboxControl('next-authorization', {
    network: 'instagram',
    user: {
      sub: freshId(16),
      given_name: 'Bia',
      family_name: 'Rocha',
      pages: [
        {
          id: freshId(15),
          name: 'Estúdio da Bia',
          category: 'Fotógrafo',
          instagramAccountId: igUserId,
          instagramUsername: `todas${igUserId.slice(-6)}`,
        },
      ],
    },
  });
  await card('Instagram').getByRole('button', { name: 'Conectar com o Instagram' }).click();
  await backHere();
  await connected('Instagram');

  // Threads: Meta's OAuth, then the 60-day token.
  await card('Threads').getByRole('button', { name: 'Conectar' }).click();
  await backHere();
  await connected('Threads');

  // Bluesky: the app-password form; the page stays.
  await card('Bluesky').getByRole('button', { name: 'Conectar' }).click();
  const form = page.getByRole('dialog', { name: 'Conectar Bluesky com senha de app' });
  await form.getByLabel('Usuário ou e-mail').fill('anasouza.bsky.social');
  await form.getByLabel('Senha de app').fill('abcd-efgh-ijkl-mnop');
  await form.getByRole('button', { name: 'Conectar' }).click();
  await connected('Bluesky');

  // Mastodon: the person types the instance; Pauta registers its app there.
  await card('Mastodon').getByRole('button', { name: 'Conectar' }).click();
  const prompt = page.getByRole('dialog', { name: 'Conectar Mastodon' });
  await prompt.getByRole('textbox', { name: /Sua instância do Mastodon/ }).fill(INSTANCE);
  await prompt.getByRole('button', { name: 'Continuar' }).click();
  await backHere();
  await connected('Mastodon');

  // Google: the location picker (verified locations only).
  await card('Google Meu Negócio').getByRole('button', { name: 'Conectar' }).click();
  picker = page.getByRole('dialog', { name: 'Escolha o Perfil da Empresa no Google' });
  await picker
    .getByRole('radio', { name: 'Ana Souza Fotografia — Rua Augusta, 1010, São Paulo', exact: true })
    .check({ timeout: 30_000 });
  await picker.getByRole('button', { name: 'Conectar local' }).click();
  await connected('Google Meu Negócio');

  // Pinterest: the board picker.
  await card('Pinterest').getByRole('button', { name: 'Conectar' }).click();
  picker = page.getByRole('dialog', { name: 'Escolha a pasta do Pinterest' });
  await picker.getByRole('radio', { name: 'Ana Souza Fotografia' }).check({ timeout: 30_000 });
  await picker.getByRole('button', { name: 'Conectar pasta' }).click();
  await connected('Pinterest');
}

describe('Every network of issue 31 at once', () => {
  it('connects all seven through their sandboxes (pickers included), schedules one theme to all of them and each network receives exactly one post with its text and image', {
    timeout: 300_000,
  }, async () => {
    const started = new Date();
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('todas-as-redes');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

    await connectAll(page);
    const accounts = await sql<{ platform: string; platform_user_id: string }>(
      `SELECT a.platform, a.platform_user_id FROM connected_accounts a JOIN users u ON u.id = a.user_id
       WHERE u.email = $1 AND a.is_active ORDER BY a.platform`,
      [email],
    );
    expect(accounts.map((a) => a.platform)).toEqual(NETWORKS.map((n) => n.platform).sort());
    await snapshot(page, 'all-networks-connected-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('article', { name: 'Conta Pinterest', exact: true }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await snapshot(page, 'all-networks-connected-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // One theme, all seven networks: the drafts are scheduled (no approval on this theme).
    await createTheme(page, 'Estúdio em todas as redes', {
      networks: NETWORKS.map((n) => n.label),
      frequency: 'Semanal',
    });
    const themeRows = () =>
      sql<{ id: string }>(
        `SELECT t.id FROM themes t JOIN users u ON u.id = t.user_id WHERE u.email = $1 AND t.name = $2`,
        [email, 'Estúdio em todas as redes'],
      );
    await expect.poll(async () => (await themeRows()).length, { timeout: 60_000 }).toBe(1);
    const themeId = (await themeRows())[0]!.id;
    await expect
      .poll(
        async () =>
          (
            await sql<{ platform: string }>(
              `SELECT DISTINCT platform FROM suggested_posts WHERE theme_id = $1 AND status = 'scheduled'`,
              [themeId],
            )
          )
            .map((r) => r.platform)
            .sort(),
        { timeout: 60_000, interval: 1000 },
      )
      .toEqual(NETWORKS.map((n) => n.platform).sort());

    // The first post of each network: an image with its alt text added in 'Editar Post'.
    const firsts: { platform: string; id: string; title: string; content: string }[] = [];
    for (const [index, network] of NETWORKS.entries()) {
      const [first] = await sql<{ id: string; title: string; content: string }>(
        `SELECT id, title, content FROM suggested_posts WHERE theme_id = $1 AND platform = $2
         ORDER BY scheduled_for, post_order LIMIT 1`,
        [themeId, network.platform],
      );
      expect(first, network.platform).toBeDefined();
      firsts.push({ platform: network.platform, ...first! });
      await page.goto(`/scheduled-posts?platform=${network.platform}`);
      await page
        .getByRole('article', { name: first!.title, exact: true })
        .first()
        .getByRole('button', { name: 'Editar' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Editar Post' });
      await dialog.waitFor();
      await dialog.getByRole('textbox', { name: /Conteúdo/ }).waitFor();
      expect(await dialog.getByRole('textbox', { name: /Conteúdo/ }).inputValue()).toBe(first!.content);
      await dialog.locator('input[type="file"]').setInputFiles({
        name: `rede-${index + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await photo(index),
      });
      await dialog.getByLabel('Texto alternativo da imagem 1').fill(`Foto do estúdio para ${network.label}`);
      await dialog.getByRole('textbox', { name: /Conteúdo/ }).click();
      await expect
        .poll(
          async () =>
            (
              await sql<{ alt_text: string }>('SELECT alt_text FROM post_media WHERE post_id = $1', [
                first!.id,
              ])
            ).map((m) => m.alt_text),
          { timeout: 20_000 },
        )
        .toEqual([`Foto do estúdio para ${network.label}`]);
      if (index === 0) await snapshot(page, 'all-networks-edit-1280');
      // Salvar keeps the image (Cancelar would discard the images added in this dialog).
      await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
      await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    }

    // Due in a few seconds, the seven at once: the worker publishes each exactly once.
    for (const post of firsts) {
      const res = await mutateInPage(page, 'posts.reschedule', {
        json: { id: post.id, scheduledFor: new Date(Date.now() + 4000).toISOString() },
        meta: { values: { scheduledFor: ['Date'] } },
      });
      expect(res.status, `${post.platform}: ${res.body}`).toBe(200);
    }
    await expect
      .poll(
        async () =>
          (
            await sql<{ platform: string; status: string; error: string | null }>(
              `SELECT platform, status, coalesce(last_error_message, last_error) AS error
               FROM suggested_posts WHERE id = ANY($1::uuid[]) ORDER BY platform`,
              [firsts.map((p) => p.id)],
            )
          ).map((r) =>
            r.status === 'failed' ? `${r.platform}:failed (${r.error})` : `${r.platform}:${r.status}`,
          ),
        { timeout: 90_000, interval: 1000 },
      )
      .toEqual(firsts.map((p) => `${p.platform}:published`).sort());

    // Each sandbox: exactly one post with that network's text and the image (its alt text).
    const ownIds = new Map(accounts.map((a) => [a.platform, a.platform_user_id]));
    for (const post of firsts) {
      const res = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/posts?network=${post.platform}`);
      const { posts } = (await res.json()) as {
        posts: { text: string; authorId: string; createdAt: string; media: { altText: string }[] }[];
      };
      const ours = posts.filter(
        (p) => new Date(p.createdAt) >= started && p.text.includes(post.content.slice(0, 40)),
      );
      expect(ours, post.platform).toHaveLength(1);
      const network = NETWORKS.find((n) => n.platform === post.platform)!;
      // Google's LocalPost media carries no description: the image goes without its alt text.
      expect(
        ours[0]!.media.map((m) => m.altText),
        post.platform,
      ).toEqual([network.altText ? `Foto do estúdio para ${network.label}` : '']);
      // Posted as the account Pauta connected (Instagram Login's id carries an `iglogin:` prefix).
      expect(ownIds.get(post.platform)!.replace(/^iglogin:/, ''), post.platform).toBe(ours[0]!.authorId);
    }
    // Nothing else of the theme went out.
    const published = await sql<{ n: string }>(
      `SELECT count(*) AS n FROM published_posts pp JOIN suggested_posts p ON p.id = pp.suggested_post_id
       WHERE p.theme_id = $1`,
      [themeId],
    );
    expect(published[0]!.n).toBe('7');
    await page.goto(`/published-posts`);
    await snapshot(page, 'all-networks-published-1280');
    await context.close();
  });
});
