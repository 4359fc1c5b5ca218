// Issue 30 item 4, the first comment, in Chromium against the sandbox (docs/first-comment.md): a
// person connects Instagram and X, writes a first comment in Editar Post for one post on each (the
// counter and the preview under the post; X's weighted limit refused in pt-BR before saving), the
// worker publishes both: each sandbox has exactly one post and one comment (Instagram) or reply
// (X) under it, and the open screen shows "Primeiro comentário publicado" without a reload. Then a
// Facebook Page: the field counts to 8,000, refuses one more in pt-BR, and the Page's post gets
// exactly one comment by the Page (`POST /{page-post-id}/comments`).
// Screenshots at 1280 and 375 px in e2e/artifacts/first-comment-*.png.
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { settle } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { clickConnect, freshId, mutateInPage, sandboxControl, signUp } from './flows.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function sandboxList<T>(path: string): Promise<T> {
  return (await (await fetch(`${inject('sandboxUrl')}/__sandbox/${path}`)).json()) as T;
}

const IG_COMMENT = '#docesdaclara #bolocaseiro — receita completa no link da bio';
const X_COMMENT = 'Receita completa: #bolocaseiro';
const FB_COMMENT = 'Encomendas pelo WhatsApp (11) 95555-0101 #bolodelaranja';

describe('Primeiro comentário', () => {
  it('is written in Editar Post and published once under an Instagram post and an X post', {
    timeout: 240_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('primeiro-comentario');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

    const xSub = freshId(19);
    const instagramId = `1784${freshId(13)}`;
    await sandboxControl('next-authorization', {
      network: 'x',
      user: { sub: xSub, given_name: 'Clara', family_name: 'Mendes', username: `clara${xSub.slice(-8)}` },
    });
    await (await clickConnect(page, 'X (Twitter)')).getByText('Conectado').first().waitFor();
    const pageId = freshId(15);
    await sandboxControl('next-authorization', {
      network: 'facebook',
      user: {
        sub: freshId(16),
        given_name: 'Clara',
        family_name: 'Mendes',
        pages: [
          {
            id: pageId,
            name: 'Doces da Clara',
            category: 'Confeitaria',
            instagramAccountId: instagramId,
            instagramUsername: `docesdaclara${pageId.slice(-5)}`,
          },
        ],
      },
    });
    await (await clickConnect(page, 'Instagram'))
      .getByText('Conectado', { exact: true })
      .waitFor({ timeout: 30_000 });

    const [{ id: userId }] = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      email,
    ])) as [{ id: string }];
    const [{ id: themeId }] = (await sql<{ id: string }>(
      `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
       VALUES ($1, 'Confeitaria', 'Bolos da semana', ARRAY['casual'], ARRAY['instagram','x'], 'daily', 'blue') RETURNING id`,
      [userId],
    )) as [{ id: string }];
    const posts = await sql<{ id: string; platform: 'instagram' | 'x'; title: string }>(
      `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
       VALUES ($1, $2, 'Bolo de cenoura', 'Saiu do forno o bolo de cenoura com cobertura de chocolate.', 'instagram', 1, now() + interval '2 days'),
              ($1, $2, 'Bolo de fubá', 'Bolo de fubá cremoso hoje na vitrine, ${Date.now()}.', 'x', 2, now() + interval '2 days')
       RETURNING id, platform, title`,
      [themeId, userId],
    );
    const byNetwork = new Map(posts.map((p) => [p.platform, p]));

    const openEditor = async (title: string) => {
      await page.goto('/scheduled-posts');
      await page
        .getByRole('article', { name: title, exact: true })
        .getByRole('button', { name: 'Editar' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Editar Post' });
      await dialog.waitFor();
      return dialog;
    };

    // Instagram: an image (required there) and the first comment, shown under the post in the preview.
    const ig = await openEditor('Bolo de cenoura');
    const jpeg = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: '#e8590c' } })
      .jpeg()
      .toBuffer();
    await ig
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'bolo.jpg', mimeType: 'image/jpeg', buffer: jpeg }]);
    await ig
      .getByRole('group', { name: 'Imagens ou vídeo', exact: true })
      .getByRole('img', { name: 'Imagem 1', exact: true })
      .waitFor({ timeout: 60_000 });
    const igField = ig.getByRole('textbox', { name: 'Primeiro comentário' });
    await igField.fill(IG_COMMENT);
    await ig.getByText(`${[...IG_COMMENT].length}/2200 caracteres`).waitFor();
    const igPreview = ig.getByTestId('first-comment-preview');
    await igPreview.getByText(IG_COMMENT).waitFor();
    await igField.scrollIntoViewIfNeeded();
    await settle(page);
    await snapshot(page, 'first-comment-editar-post-instagram-1280', { fullPage: false });
    await ig.getByRole('button', { name: 'Salvar', exact: true }).click();
    await ig.waitFor({ state: 'detached' });

    // X: a reply; its weighted limit refused in pt-BR before saving, nothing stored.
    const x = await openEditor('Bolo de fubá');
    const xField = x.getByRole('textbox', { name: 'Primeiro comentário' });
    await xField.fill('界'.repeat(141));
    await x
      .getByText('O primeiro comentário passa do limite do X (Twitter): 282 de 280 caracteres.')
      .waitFor();
    await x.getByRole('button', { name: 'Salvar', exact: true }).click();
    await settle(page);
    await snapshot(page, 'first-comment-editar-post-x-limite-1280', { fullPage: false });
    const [unsaved] = await sql<{ first_comment: string | null }>(
      'SELECT first_comment FROM suggested_posts WHERE id = $1',
      [byNetwork.get('x')!.id],
    );
    expect(unsaved!.first_comment).toBeNull();
    await xField.fill(X_COMMENT);
    await x.getByTestId('first-comment-preview').getByText('Resposta (primeiro comentário)').waitFor();
    await x.getByRole('button', { name: 'Salvar', exact: true }).click();
    await x.waitFor({ state: 'detached' });

    const stored = await sql<{ platform: string; first_comment: string; first_comment_status: string }>(
      'SELECT platform, first_comment, first_comment_status FROM suggested_posts WHERE theme_id = $1 ORDER BY platform',
      [themeId],
    );
    expect(stored).toEqual([
      { platform: 'instagram', first_comment: IG_COMMENT, first_comment_status: 'pending' },
      { platform: 'x', first_comment: X_COMMENT, first_comment_status: 'pending' },
    ]);

    // On a phone: the field, its counter and the preview's comment, nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    const phone = await openEditor('Bolo de cenoura');
    const phoneField = phone.getByRole('textbox', { name: 'Primeiro comentário' });
    expect(await phoneField.inputValue()).toBe(IG_COMMENT);
    await phoneField.scrollIntoViewIfNeeded();
    await settle(page);
    await snapshot(page, 'first-comment-editar-post-instagram-375', { fullPage: false });
    await phone.getByTestId('first-comment-preview').scrollIntoViewIfNeeded();
    await settle(page);
    await snapshot(page, 'first-comment-previa-instagram-375', { fullPage: false });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.keyboard.press('Escape');
    await phone.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Due in a few seconds: the worker publishes each post, then its comment; the open screen
    // (Posts Agendados, published filter) shows the comment's state live.
    await page.goto('/scheduled-posts?status=published');
    for (const post of posts) {
      const res = await mutateInPage(page, 'posts.reschedule', {
        json: { id: post.id, scheduledFor: new Date(Date.now() + 3000).toISOString() },
        meta: { values: { scheduledFor: ['Date'] } },
      });
      expect(res.status, res.body).toBe(200);
    }
    await expect
      .poll(
        async () =>
          (
            await sql<{ s: string }>(
              `SELECT status || '/' || first_comment_status AS s FROM suggested_posts WHERE theme_id = $1 ORDER BY platform`,
              [themeId],
            )
          ).map((r) => r.s),
        { timeout: 60_000, interval: 500 },
      )
      .toEqual(['published/published', 'published/published']);
    for (const title of ['Bolo de cenoura', 'Bolo de fubá']) {
      await page
        .getByRole('article', { name: title, exact: true })
        .getByText('Primeiro comentário publicado')
        .waitFor({ timeout: 30_000 });
    }
    const firstCard = page.getByRole('article', { name: 'Bolo de cenoura', exact: true });
    await firstCard.scrollIntoViewIfNeeded();
    await settle(page);
    await snapshot(page, 'first-comment-posts-publicados-cartoes-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await firstCard.getByTestId('first-comment-status').scrollIntoViewIfNeeded();
    await settle(page);
    await snapshot(page, 'first-comment-posts-publicados-cartoes-375', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Instagram: one post by this account, one comment under it, the text as written.
    const { posts: igPosts } = await sandboxList<{ posts: { id: string; authorId: string }[] }>(
      'posts?network=instagram',
    );
    const igOurs = igPosts.filter((p) => p.authorId === instagramId);
    expect(igOurs).toHaveLength(1);
    const { comments } = await sandboxList<{ comments: { id: string; parentId: string; text: string }[] }>(
      'comments?network=instagram',
    );
    const igComments = comments.filter((c) => c.parentId === igOurs[0]!.id);
    expect(igComments.map((c) => c.text)).toEqual([IG_COMMENT]);
    // X: one post by this account and one reply to it.
    const { posts: xPosts } = await sandboxList<{
      posts: { id: string; authorId: string; text: string; inReplyToId?: string }[];
    }>('posts?network=x');
    const xOurs = xPosts.filter((p) => p.authorId === xSub);
    const xPost = xOurs.filter((p) => p.inReplyToId === undefined);
    expect(xPost).toHaveLength(1);
    expect(xOurs.filter((p) => p.inReplyToId !== undefined)).toEqual([
      expect.objectContaining({ inReplyToId: xPost[0]!.id, text: X_COMMENT }),
    ]);
    const ids = await sql<{ platform: string; first_comment_id: string }>(
      'SELECT platform, first_comment_id FROM suggested_posts WHERE theme_id = $1 ORDER BY platform',
      [themeId],
    );
    expect(ids.map((r) => r.first_comment_id)).toEqual([
      igComments[0]!.id,
      xOurs.find((p) => p.inReplyToId !== undefined)!.id,
    ]);
    await context.close();
  });

  it('a Facebook Page post gets exactly one comment by the Page, and the card shows it published', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('primeiro-comentario-facebook');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    const pageId = freshId(15);
    await sandboxControl('next-authorization', {
      network: 'facebook',
      user: {
        sub: freshId(16),
        given_name: 'Clara',
        family_name: 'Mendes',
        pages: [{ id: pageId, name: 'Doces da Clara', category: 'Confeitaria' }],
      },
    });
    await (await clickConnect(page, 'Facebook')).getByText('Conectado').first().waitFor({ timeout: 30_000 });

    const [{ id: userId }] = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      email,
    ])) as [{ id: string }];
    const [{ id: themeId }] = (await sql<{ id: string }>(
      `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
       VALUES ($1, 'Confeitaria', 'Bolos da semana', ARRAY['casual'], ARRAY['facebook'], 'daily', 'blue') RETURNING id`,
      [userId],
    )) as [{ id: string }];
    const [{ id: postId }] = (await sql<{ id: string }>(
      `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
       VALUES ($1, $2, 'Bolo de laranja', 'Bolo de laranja com calda, ${Date.now()}.', 'facebook', 1, now() + interval '2 days')
       RETURNING id`,
      [themeId, userId],
    )) as [{ id: string }];

    await page.goto('/scheduled-posts');
    await page
      .getByRole('article', { name: 'Bolo de laranja', exact: true })
      .getByRole('button', { name: 'Editar' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Editar Post' });
    await dialog.waitFor();
    const field = dialog.getByRole('textbox', { name: 'Primeiro comentário' });
    // Facebook's limit: 8,000 characters; one more is refused in pt-BR and nothing is stored.
    await field.fill('a'.repeat(8001));
    await dialog
      .getByText('O primeiro comentário passa do limite do Facebook: 8001 de 8000 caracteres.')
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await settle(page);
    const [unsaved] = await sql<{ first_comment: string | null }>(
      'SELECT first_comment FROM suggested_posts WHERE id = $1',
      [postId],
    );
    expect(unsaved!.first_comment).toBeNull();
    await field.fill(FB_COMMENT);
    await dialog.getByText(`${[...FB_COMMENT].length}/8000 caracteres`).waitFor();
    await dialog.getByTestId('first-comment-preview').getByText(FB_COMMENT).waitFor();
    await field.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await settle(page);
    await snapshot(page, 'first-comment-editar-post-facebook-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto('/scheduled-posts?status=published');
    const res = await mutateInPage(page, 'posts.reschedule', {
      json: { id: postId, scheduledFor: new Date(Date.now() + 3000).toISOString() },
      meta: { values: { scheduledFor: ['Date'] } },
    });
    expect(res.status, res.body).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await sql<{ s: string }>(
              `SELECT status || '/' || coalesce(first_comment_status, '-') AS s FROM suggested_posts WHERE id = $1`,
              [postId],
            )
          )[0]?.s,
        { timeout: 60_000, interval: 500 },
      )
      .toBe('published/published');
    const card = page.getByRole('article', { name: 'Bolo de laranja', exact: true });
    await card.getByText('Primeiro comentário publicado').waitFor({ timeout: 30_000 });
    await card.scrollIntoViewIfNeeded();
    await settle(page);
    await snapshot(page, 'first-comment-facebook-publicado-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await card.getByTestId('first-comment-status').scrollIntoViewIfNeeded();
    await settle(page);
    await snapshot(page, 'first-comment-facebook-publicado-375', { fullPage: false });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);

    // The sandbox: one post by the Page, one comment under it, by the Page, the text as written.
    const { posts } = await sandboxList<{ posts: { id: string; authorId: string }[] }>(
      'posts?network=facebook',
    );
    const ours = posts.filter((p) => p.authorId === pageId);
    expect(ours).toHaveLength(1);
    const { comments } = await sandboxList<{
      comments: { id: string; parentId: string; authorId: string; text: string }[];
    }>('comments?network=facebook');
    const under = comments.filter((c) => c.parentId === ours[0]!.id);
    expect(under).toEqual([expect.objectContaining({ authorId: pageId, text: FB_COMMENT })]);
    const [stored] = await sql<{ first_comment_id: string }>(
      'SELECT first_comment_id FROM suggested_posts WHERE id = $1',
      [postId],
    );
    expect(stored!.first_comment_id).toBe(under[0]!.id);
    await context.close();
  });
});
