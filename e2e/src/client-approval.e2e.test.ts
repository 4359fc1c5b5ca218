// Issue 17's whole loop in Chromium (docs/approval.md "The client approval link"): a theme that
// requires approval, its drafts, internal review on the board; the owner shares a client link;
// the client opens it in a SEPARATE browser context (no cookies) and asks for changes with a
// comment; the owner sees it live (toast, board), adjusts the text and sends it back; the client
// approves; the post is published once through the sandbox with the adjusted text. Another
// post that reaches its time unapproved is not published. The revoked link stops working.
// A post with a video: the client sees it in the network's player (Instagram's Reel frame, the
// chosen cover), played from a signed /media URL in a context without cookies.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { expectToast, moveWithKeyboard, mutateInPage, signUpWithApprovalTheme } from './flows.js';
import { makeVideoInChromium, useFrameAsCover } from './video-fixture.js';

/** Screenshots for people to look at (the report of issue 17 item 3). */
const SHOTS = process.env.CLIENT_LINK_SHOTS ?? new URL('../artifacts/', import.meta.url).pathname;

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function shot(page: Page, name: string, fullPage = true) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/client-approval-${name}.png`, fullPage });
}

async function stageOf(id: string) {
  return (await sql<{ s: string }>('SELECT approval_stage AS s FROM suggested_posts WHERE id = $1', [id]))[0]
    ?.s;
}

async function sandboxPosts(): Promise<{ network: string; text: string }[]> {
  const res = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/posts`);
  return ((await res.json()) as { posts: { network: string; text: string }[] }).posts;
}

describe('the client approval link, whole loop', () => {
  it('review → client asks for changes → owner adjusts → client approves → published once; unapproved is held; revoked stops', async () => {
    const { page } = await newPage(browser);
    const email = uniqueEmail('cliente-link');
    const themeId = await signUpWithApprovalTheme(page, email);
    const drafts = await sql<{ id: string; content: string; approval_stage: string; scheduled_for: Date }>(
      'SELECT id, content, approval_stage, scheduled_for FROM suggested_posts WHERE theme_id = $1 ORDER BY post_order',
      [themeId],
    );
    expect(drafts.length).toBeGreaterThan(1);
    expect(new Set(drafts.map((p) => p.approval_stage))).toEqual(new Set(['draft']));
    const tag = email.split('@')[0];
    const loop = {
      id: drafts[0]!.id,
      title: 'Abertura da coleção',
      content: `Nossa coleção de verão chegou! ${tag}`,
    };
    const held = { id: drafts[1]!.id, title: 'Bastidores da produção', content: `Um dia no ateliê. ${tag}` };
    for (const post of [loop, held])
      await sql('UPDATE suggested_posts SET title = $2, content = $3 WHERE id = $1', [
        post.id,
        post.title,
        post.content,
      ]);

    // Internal review on the board (keyboard), then to the client.
    await page.goto('/approval-board');
    await page.getByRole('heading', { name: 'Quadro de aprovação' }).waitFor();
    for (const post of [loop, held]) {
      await moveWithKeyboard(page, post.title, 'Em revisão');
      await moveWithKeyboard(page, post.title, 'Aprovação do cliente');
    }
    // The held post comes due in a few seconds, still waiting for the client.
    const due = new Date(Date.now() + 4000).toISOString();
    const res = await mutateInPage(page, 'posts.reschedule', {
      json: { id: held.id, scheduledFor: due },
      meta: { values: { scheduledFor: ['Date'] } },
    });
    expect(res.status, res.body).toBe(200);

    // The owner shares a link for the theme.
    await page.getByRole('button', { name: 'Compartilhar com o cliente' }).click();
    const modal = page.getByRole('dialog', { name: 'Compartilhar com o cliente' });
    await modal.getByText('Nenhum link compartilhado ainda.').waitFor();
    await modal.getByLabel(/^Nome do cliente/).fill('Ana Cliente');
    await modal.getByRole('button', { name: 'Criar link' }).click();
    const url = (await modal.getByTestId('client-link-url').textContent())?.trim() ?? '';
    expect(url).toMatch(/\/aprovacao\/[A-Za-z0-9_-]{43}$/);
    await modal.getByTestId('client-link-row').getByText('ativo').waitFor();
    await shot(page, 'owner-modal-1280', false);
    const axe = new AxeReport();
    await scan(page, axe, 'client-link-modal', 'light-1280');
    await page.keyboard.press('Escape');

    // The client: another browser context, no cookies, no account.
    const client = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    client.setDefaultTimeout(15_000);
    const clientPage = await client.newPage();
    // What a client's first visit costs on the wire (reported, not asserted: docs/approval.md).
    const cdp = await client.newCDPSession(clientPage);
    await cdp.send('Network.enable');
    const wire = { requests: 0, bytes: 0, scriptBytes: 0, apiBytes: 0, scripts: [] as string[] };
    const kinds = new Map<string, string>();
    cdp.on('Network.responseReceived', (e) => kinds.set(e.requestId, `${e.type}:${e.response.url}`));
    cdp.on('Network.loadingFinished', (e) => {
      const kind = kinds.get(e.requestId) ?? '';
      wire.requests++;
      wire.bytes += e.encodedDataLength;
      if (kind.startsWith('Script:')) {
        wire.scriptBytes += e.encodedDataLength;
        wire.scripts.push(`${kind.split('/').pop()} ${e.encodedDataLength}`);
      }
      if (kind.includes('/trpc/')) wire.apiBytes += e.encodedDataLength;
    });
    const opened = await clientPage.goto(url);
    expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
    await clientPage.getByRole('heading', { name: 'Olá, Ana Cliente' }).waitFor();
    expect(await client.cookies()).toEqual([]);
    const loopCard = clientPage.getByRole('article', { name: loop.title });
    await loopCard.getByRole('figure', { name: /X \(Twitter\)/ }).waitFor();
    await clientPage.getByRole('article', { name: held.title }).waitFor();
    expect(await clientPage.getByRole('article').count()).toBe(2);
    await clientPage.waitForLoadState('networkidle');
    await cdp.detach();
    process.stdout.write(`[client-approval] first visit: ${JSON.stringify(wire)}\n`);
    await shot(clientPage, 'client-page-1280');
    await scan(clientPage, axe, 'client-page', 'light-1280');

    // Changes requested, with a comment (required).
    await loopCard.getByRole('button', { name: 'Pedir ajustes' }).click();
    await loopCard.getByRole('button', { name: 'Enviar pedido de ajustes' }).click();
    await loopCard.getByText('Escreva o que precisa mudar.').waitFor();
    await loopCard.getByLabel(/^O que precisa mudar/).fill('Citar o frete grátis na primeira frase.');
    await shot(clientPage, 'client-changes-form-1280', false);
    await loopCard.getByRole('button', { name: 'Enviar pedido de ajustes' }).click();
    await clientPage.getByText(`Pedido de ajustes enviado para “${loop.title}”.`).waitFor();
    await expect.poll(() => clientPage.getByRole('article', { name: loop.title }).count()).toBe(0);

    // The owner sees it live: the toast, the card in Ajustes — no reload.
    await expectToast(page, 'Cliente pediu ajustes');
    await page
      .getByRole('region', { name: /^Ajustes \(1\)/ })
      .getByRole('article', { name: loop.title })
      .waitFor();
    // The card counts the client's comment ("1 comentário — <title>").
    await page.getByRole('button', { name: `1 comentário — ${loop.title}` }).click();
    const history = page.getByRole('dialog', { name: 'Histórico e comentários' });
    await history.getByText('Ana Cliente (cliente) moveu de Aprovação do cliente para Ajustes').waitFor();
    await history.getByText('Citar o frete grátis na primeira frase.').waitFor();
    await shot(page, 'owner-history-1280', false);
    await page.keyboard.press('Escape');

    // The held post's time came, unapproved: not published.
    await expectToast(page, 'falta aprovação');
    expect(
      (await sql<{ status: string }>('SELECT status FROM suggested_posts WHERE id = $1', [held.id]))[0]
        ?.status,
    ).toBe('scheduled');

    // The owner adjusts the text (due shortly) and sends it back to the client.
    const adjusted = `Frete grátis: a coleção de verão chegou! ${tag}`;
    const edit = await mutateInPage(page, 'posts.update', {
      json: {
        id: loop.id,
        title: loop.title,
        content: adjusted,
        scheduledFor: new Date(Date.now() + 20_000).toISOString(),
      },
      meta: { values: { scheduledFor: ['Date'] } },
    });
    expect(edit.status, edit.body).toBe(200);
    await moveWithKeyboard(page, loop.title, 'Aprovação do cliente');

    // The client (the same page, refreshed) sees the adjusted text and approves.
    await clientPage.reload();
    const again = clientPage.getByRole('article', { name: loop.title });
    await again
      .getByText(/Frete grátis/)
      .first()
      .waitFor();
    await clientPage.setViewportSize({ width: 375, height: 812 });
    await shot(clientPage, 'client-page-375');
    await scan(clientPage, axe, 'client-page', 'light-375');
    await again.getByRole('button', { name: 'Aprovar' }).click();
    await clientPage.getByText(`“${loop.title}” aprovado. Obrigado!`).waitFor();
    expect(await stageOf(loop.id)).toBe('approved');
    await expectToast(page, 'Cliente aprovou');

    // Published by the worker at its time, once, with the adjusted text.
    await expect
      .poll(
        async () =>
          (await sql<{ status: string }>('SELECT status FROM suggested_posts WHERE id = $1', [loop.id]))[0]
            ?.status,
        { timeout: 60_000, interval: 500 },
      )
      .toBe('published');
    const sent = await sandboxPosts();
    expect(sent.filter((p) => p.text === adjusted)).toHaveLength(1);
    expect(sent.filter((p) => p.text === loop.content)).toHaveLength(0);
    expect(sent.filter((p) => p.text === held.content)).toHaveLength(0);

    // Dark mode, both screens.
    await clientPage.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
    await clientPage.reload();
    await clientPage.getByRole('article', { name: held.title }).waitFor();
    await shot(clientPage, 'client-page-dark-375');
    await scan(clientPage, axe, 'client-page', 'dark-375');
    const overflow = await clientPage.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);

    // The owner revokes the link: it stops at once.
    await page.getByRole('button', { name: 'Compartilhar com o cliente' }).click();
    const row = modal.getByTestId('client-link-row');
    await row.getByText(/Último uso/).waitFor();
    await row.getByRole('button', { name: 'Revogar o link de Ana Cliente' }).click();
    await row.getByText('revogado').waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, 'owner-modal-375', false);
    await scan(page, axe, 'client-link-modal', 'light-375');
    await clientPage.reload();
    await clientPage.getByText('Este link não é mais válido. Peça um novo link a quem o enviou.').waitFor();
    await shot(clientPage, 'client-revoked-375');
    // Nothing is actionable through it any more.
    const token = url.split('/aprovacao/')[1];
    const late = await clientPage.evaluate(
      async ({ token, postId }) => {
        const r = await fetch('/trpc/clientApproval.act', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify({ json: { token, postId, decision: 'approve' } }),
        });
        return r.json();
      },
      { token, postId: held.id },
    );
    expect(late.result.data.json).toEqual({ state: 'invalid' });
    expect(await stageOf(held.id)).toBe('client');
    expect((await sandboxPosts()).filter((p) => p.text === held.content)).toHaveLength(0);

    // Dark owner modal at 1280.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
    await page.reload();
    await page.getByRole('button', { name: 'Compartilhar com o cliente' }).click();
    await modal.getByTestId('client-link-row').waitFor();
    await shot(page, 'owner-modal-dark-1280', false);
    await scan(page, axe, 'client-link-modal', 'dark-1280');
    expect(axe.blocking(), axe.describeBlocking()).toEqual([]);
    await client.close();
  }, 240_000);
});

describe('the client approval link, a post with a video', () => {
  it('the client sees the Reel in its player, with the chosen cover, played from a signed URL; revoked: no video', async () => {
    const { page } = await newPage(browser);
    const email = uniqueEmail('cliente-video');
    const themeId = await signUpWithApprovalTheme(page, email);
    const [draft] = await sql<{ id: string }>(
      'SELECT id FROM suggested_posts WHERE theme_id = $1 ORDER BY post_order LIMIT 1',
      [themeId],
    );
    const title = 'Reel da coleção';
    // An Instagram post (every Instagram video is a Reel): the owner adds a 4-second 720 × 1280
    // video in Editar Post and picks the frame at 2 s as its cover.
    await sql("UPDATE suggested_posts SET title = $2, content = $3, platform = 'instagram' WHERE id = $1", [
      draft!.id,
      title,
      'Os bastidores da coleção de verão em 4 segundos. #verao',
    ]);
    const video = await makeVideoInChromium(browser, { seconds: 4, width: 720, height: 1280, frameRate: 30 });
    await page.goto('/scheduled-posts');
    await page
      .locator(`[data-post-id="${draft!.id}"]`)
      .getByRole('button', { name: 'Editar' })
      .click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('group', { name: 'Imagens ou vídeo', exact: true }).waitFor();
    await dialog
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'reel.mp4', mimeType: 'video/mp4', buffer: video });
    const card = dialog.getByTestId('post-video');
    await card.waitFor({ timeout: 120_000 });
    await expect
      .poll(async () => (await card.getByTestId('video-facts').textContent()) ?? '', { timeout: 30_000 })
      .toContain('720 × 1280 px');
    await useFrameAsCover(card, 2);
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    const stored = await sql<{ n: string }>(
      "SELECT count(*) AS n FROM post_media WHERE post_id = $1 AND kind = 'video' AND cover_key IS NOT NULL",
      [draft!.id],
    );
    expect(Number(stored[0]?.n)).toBe(1);
    await sql("UPDATE suggested_posts SET approval_stage = 'client' WHERE id = $1", [draft!.id]);

    // The owner shares a link for the theme.
    await page.goto('/approval-board');
    await page.getByRole('button', { name: 'Compartilhar com o cliente' }).click();
    const modal = page.getByRole('dialog', { name: 'Compartilhar com o cliente' });
    await modal.getByLabel(/^Nome do cliente/).fill('Ana Cliente');
    await modal.getByRole('button', { name: 'Criar link' }).click();
    const url = (await modal.getByTestId('client-link-url').textContent())?.trim() ?? '';
    expect(url).toMatch(/\/aprovacao\/[A-Za-z0-9_-]{43}$/);
    await page.keyboard.press('Escape');

    // The client: no cookies, no account.
    const client = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    client.setDefaultTimeout(15_000);
    const clientPage = await client.newPage();
    await clientPage.goto(url);
    const article = clientPage.getByRole('article', { name: title });
    const figure = article.getByRole('figure', { name: /Instagram/ });
    await figure.waitFor();
    expect(await figure.getAttribute('data-video')).toBe('vertical');
    const player = article.getByRole('figure').getByLabel('Vídeo do post, com a capa escolhida');
    await player.waitFor();
    // The browser read the video itself from its signed URL (no session): its metadata and size.
    const src = (await player.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/media\/posts\/.+\.mp4\?exp=\d+&sig=/);
    expect(await player.getAttribute('poster')).toMatch(/^\/media\/posts\/.+\?exp=\d+&sig=/);
    await expect
      .poll(() =>
        player.evaluate((v: HTMLVideoElement) => ({
          ready: v.readyState >= 1,
          w: v.videoWidth,
          h: v.videoHeight,
        })),
      )
      .toEqual({ ready: true, w: 720, h: 1280 });
    expect(await client.cookies()).toEqual([]);
    await article.getByText('Duração: 4 segundos').waitFor();
    const poster = await clientPage.evaluate(
      async (p) => {
        const r = await fetch(p);
        return { status: r.status, type: r.headers.get('content-type') };
      },
      (await player.getAttribute('poster')) ?? '',
    );
    expect(poster).toMatchObject({ status: 200, type: expect.stringMatching(/^image\//) });
    await clientPage.waitForLoadState('networkidle');
    await shot(clientPage, 'video-1280');
    const axe = new AxeReport();
    await scan(clientPage, axe, 'client-page-video', 'light-1280');
    await clientPage.setViewportSize({ width: 375, height: 812 });
    await clientPage.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await shot(clientPage, 'video-375');
    await scan(clientPage, axe, 'client-page-video', 'light-375');
    expect(await clientPage.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
      false,
    );
    // It plays (muted, inline): the play icon and the duration badge give way to the player's own.
    await player.evaluate((v: HTMLVideoElement) => v.play());
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime > 0)).toBe(true);
    expect(axe.blocking(), axe.describeBlocking()).toEqual([]);

    // Revoked: the page says so and draws no video.
    await page.getByRole('button', { name: 'Compartilhar com o cliente' }).click();
    await modal
      .getByTestId('client-link-row')
      .getByRole('button', { name: 'Revogar o link de Ana Cliente' })
      .click();
    await modal.getByTestId('client-link-row').getByText('revogado').waitFor();
    await clientPage.reload();
    await clientPage.getByText('Este link não é mais válido. Peça um novo link a quem o enviou.').waitFor();
    expect(await clientPage.locator('video').count()).toBe(0);
    await client.close();
  }, 240_000);
});
