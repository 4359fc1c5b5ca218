// Issue 31, Bluesky in Chromium against sandbox Bluesky: connect in Contas Conectadas through the
// app-password form (a wrong password refused in pt-BR first), see the post as Bluesky's feed
// shows it in 'Editar Post', a text over 300 graphemes refused in pt-BR before anything is saved,
// a fifth image refused, then the worker publishes the post exactly once — its link, mention and
// hashtag as facets over UTF-8 byte ranges, its images with their alt texts. Screenshots of the
// form, the card and the preview at 1280 and 375 px.

import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { mutateInPage, signUp } from './flows.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const artifact = (name: string) => new URL(`../artifacts/${name}.png`, import.meta.url).pathname;
const utf8 = new TextEncoder();

interface SentPost {
  text: string;
  authorId: string;
  media: { altText: string; width: number; height: number }[];
  record: {
    facets: { index: { byteStart: number; byteEnd: number }; features: Record<string, string>[] }[];
    embed: { $type: string; images: { alt: string; aspectRatio: { width: number; height: number } }[] };
  };
}

async function photo(index: number): Promise<Buffer> {
  const color = ['#1185fe', '#e8590c', '#2f9e44', '#ae3ec9', '#868e96'][index]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="100%" height="100%" fill="${color}"/><text x="600" y="480" font-size="120" text-anchor="middle" font-family="sans-serif" fill="white">Bluesky ${index + 1}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

describe('Bluesky', () => {
  it('connects with an app password, previews, refuses 301 graphemes and a fifth image in pt-BR, publishes once with facets and alt texts', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('bluesky');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    // Unique to this run: the sandbox's Bluesky account is shared by every run.
    const run = Date.now().toString(36);
    const CONTENT = `Planejamento do mês ✨ sem correria (${run}): https://www.exemplo.com.br/blog/planejamento com @joao.bsky.social #agenciaPequena`;

    // Connect through the form: the page stays, no redirect.
    await page.goto('/connected-accounts');
    const card = page.getByRole('article', { name: 'Conta Bluesky' });
    await card.getByText('Não conectado').waitFor();
    await card.getByRole('button', { name: 'Conectar' }).click();
    const form = page.getByRole('dialog', { name: 'Conectar Bluesky com senha de app' });
    await form.getByLabel('Usuário ou e-mail').fill('anasouza.bsky.social');
    await form.getByLabel('Senha de app').fill('errada-errada-errada');
    await form.getByRole('button', { name: 'Conectar' }).click();
    await form.getByText('O Bluesky recusou o usuário ou a senha de app.', { exact: false }).waitFor();
    expect(await form.getByLabel('Senha de app').inputValue()).toBe('');
    await settle(page);
    await form.screenshot({ path: artifact('bluesky-connect-form-1280') });
    await page.setViewportSize({ width: 375, height: 812 });
    await settle(page);
    await page.screenshot({ path: artifact('bluesky-connect-form-375') });
    await page.setViewportSize({ width: 1280, height: 900 });

    await form.getByLabel('Senha de app').fill('abcd-efgh-ijkl-mnop');
    await form.getByRole('button', { name: 'Conectar' }).click();
    await page.getByText(/^Conta Bluesky conectada com sucesso!/).waitFor();
    await card.getByText('Conectado', { exact: true }).waitFor();
    await card.getByText('@anasouza.bsky.social').waitFor();
    const [account] = await sql<{ platform_user_id: string; has_refresh: boolean; expires: Date }>(
      `SELECT a.platform_user_id, a.refresh_token IS NOT NULL AS has_refresh, a.access_token_expires_at AS expires
       FROM connected_accounts a JOIN users u ON u.id = a.user_id WHERE u.email = $1 AND a.platform = 'bluesky'`,
      [email],
    );
    expect(account?.platform_user_id).toBe('did:plc:sandboxanasouza0000000000');
    expect(account?.has_refresh).toBe(true);
    // The access JWT lives about two hours; the refresh JWT renews it.
    expect(account!.expires.getTime() - Date.now()).toBeLessThanOrEqual(2 * 3_600_000);
    await snapshot(page, 'bluesky-connected-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await card.getByText('@anasouza.bsky.social').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await snapshot(page, 'bluesky-connected-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A Bluesky post, as the AI would have drafted it.
    const [{ id: userId }] = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      email,
    ])) as [{ id: string }];
    const [{ id: themeId }] = (await sql<{ id: string }>(
      `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
       VALUES ($1, 'Agência', 'Rotina de agência', ARRAY['casual'], ARRAY['bluesky'], 'daily', 'blue') RETURNING id`,
      [userId],
    )) as [{ id: string }];
    const [{ id: postId }] = (await sql<{ id: string }>(
      `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
       VALUES ($1, $2, 'Post do Bluesky', $3, 'bluesky', 1, now() + interval '2 days') RETURNING id`,
      [themeId, userId, CONTENT],
    )) as [{ id: string }];

    const openEditor = async () => {
      await page.goto('/scheduled-posts');
      await page
        .getByRole('article', { name: 'Post do Bluesky', exact: true })
        .getByRole('button', { name: 'Editar' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Editar Post' });
      await dialog.waitFor();
      return dialog;
    };
    let dialog = await openEditor();
    const figure = dialog.getByRole('figure', { name: 'Prévia no Bluesky' });
    await figure.getByText('Ana Souza', { exact: false }).first().waitFor();

    // Five images: the fifth is refused (a post takes 4, Bluesky's limit too); the four get alt texts.
    const files = await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => ({
        name: `foto-${i + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await photo(i),
      })),
    );
    const group = dialog.getByRole('group', { name: 'Imagens ou vídeo', exact: true });
    await dialog.locator('input[type="file"]').setInputFiles(files);
    await dialog.getByTestId('media-errors').getByText('foto-5.jpg: Este post já tem 4 imagens.').waitFor({
      timeout: 60_000,
    });
    await group.getByRole('img', { name: 'Imagem 4', exact: true }).waitFor({ timeout: 60_000 });
    const alts = [0, 1, 2, 3].map((i) => `Quadro ${i + 1} do planejamento, fundo colorido`);
    for (const [i, alt] of alts.entries())
      await dialog.getByLabel(`Texto alternativo da imagem ${i + 1}`).fill(alt);
    await dialog.getByLabel('Texto alternativo da imagem 1').click();
    await expect
      .poll(
        async () =>
          (
            await sql<{ alt_text: string }>(
              'SELECT alt_text FROM post_media WHERE post_id = $1 ORDER BY position',
              [postId],
            )
          ).map((r) => r.alt_text),
        { timeout: 30_000 },
      )
      .toEqual(alts);
    await figure.getByRole('img', { name: alts[3]! }).waitFor({ timeout: 30_000 });
    await figure.scrollIntoViewIfNeeded();
    await settle(page);
    await dialog.screenshot({ path: artifact('bluesky-preview-1280') });
    // Saved with its images (closing without saving would discard what this edit uploaded).
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    dialog = await openEditor();

    // 301 graphemes (each emoji with its skin tone counts one): refused before saving.
    await dialog.getByRole('textbox', { name: /Conteúdo/ }).fill('👍🏽'.repeat(301));
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog
      .getByText('O conteúdo ultrapassa o limite de 300 caracteres do Bluesky. Encurte o texto para salvar.')
      .first()
      .waitFor();
    const [unchanged] = await sql<{ content: string; version: number }>(
      'SELECT content, version FROM suggested_posts WHERE id = $1',
      [postId],
    );
    expect(unchanged?.content).toBe(CONTENT);
    expect(
      (await sql<{ n: number }>('SELECT count(*)::int AS n FROM post_media WHERE post_id = $1', [postId]))[0]
        ?.n,
    ).toBe(4);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 375, height: 812 });
    dialog = await openEditor();
    await dialog.getByRole('figure', { name: 'Prévia no Bluesky' }).scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: artifact('bluesky-preview-375') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Due in a few seconds: the worker publishes it, exactly once.
    const res = await mutateInPage(page, 'posts.reschedule', {
      json: { id: postId, scheduledFor: new Date(Date.now() + 3000).toISOString() },
      meta: { values: { scheduledFor: ['Date'] } },
    });
    expect(res.status, res.body).toBe(200);
    await expect
      .poll(
        async () =>
          (await sql<{ status: string }>('SELECT status FROM suggested_posts WHERE id = $1', [postId]))[0]
            ?.status,
        { timeout: 40_000, interval: 500 },
      )
      .toBe('published');
    const sent = (await (await fetch(`${e2eEnv().sandboxUrl}/__sandbox/posts?network=bluesky`)).json()) as {
      posts: SentPost[];
    };
    const ours = sent.posts.filter((p) => p.text === CONTENT);
    expect(ours).toHaveLength(1);
    const [post] = ours as [SentPost];
    expect(post.authorId).toBe(account!.platform_user_id);
    const covered = (f: SentPost['record']['facets'][number]) =>
      new TextDecoder().decode(utf8.encode(CONTENT).slice(f.index.byteStart, f.index.byteEnd));
    expect(post.record.facets.map((f) => [covered(f), f.features[0]!.$type])).toEqual([
      ['https://www.exemplo.com.br/blog/planejamento', 'app.bsky.richtext.facet#link'],
      ['@joao.bsky.social', 'app.bsky.richtext.facet#mention'],
      ['#agenciaPequena', 'app.bsky.richtext.facet#tag'],
    ]);
    expect(post.record.facets[1]!.features[0]!.did).toBe('did:plc:sandboxjoaosilva000000000');
    expect(post.record.embed.$type).toBe('app.bsky.embed.images');
    expect(post.record.embed.images.map((image) => image.alt)).toEqual(alts);
    expect(post.media.map((m) => m.altText)).toEqual(alts);
    expect(post.record.embed.images[0]!.aspectRatio).toEqual({ width: 1200, height: 900 });
    const [published] = await sql<{ platform_post_id: string; url: string | null }>(
      'SELECT platform_post_id, url FROM published_posts WHERE suggested_post_id = $1',
      [postId],
    );
    expect(published?.platform_post_id).toMatch(
      /^at:\/\/did:plc:sandboxanasouza0000000000\/app\.bsky\.feed\.post\//,
    );
    expect(published?.url).toMatch(
      /^https:\/\/bsky\.app\/profile\/did:plc:sandboxanasouza0000000000\/post\//,
    );
    await context.close();
  });
});
