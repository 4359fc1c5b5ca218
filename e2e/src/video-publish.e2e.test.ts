// Issue 26's end-to-end check in Chromium: a person connects Instagram, TikTok, YouTube, X,
// LinkedIn and a Facebook Page through the sandbox, and for one post on each opens "Editar Post",
// uploads the same 30-second 1080 × 1920 H.264 MP4 that the test made itself (WebCodecs in
// Chromium, video-fixture.ts — no downloaded file), picks a cover (a frame on Instagram, YouTube
// and LinkedIn), answers the options the network requires (TikTok's privacy, YouTube's "made for
// kids") and saves. The six posts are moved to a few seconds ahead and the worker publishes them:
// each sandbox holds exactly one video post of that account whose bytes' sha256 equals the file's.
// Before that, a landscape video and a 3-minute-plus video are refused on YouTube Shorts in
// pt-BR when added, so they can never be scheduled. (The resumable upload cut at 50 % and resumed
// from the server's offset is video-upload.e2e.test.ts; after a reload, video-reload-preview.)
// Upload and publish times per network are printed (`[video-publish]`); no timing is asserted.
import { createHash, randomInt } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { mutateInPage, signUp } from './flows.js';
import { makeVideoInChromium, useFrameAsCover } from './video-fixture.js';

type Network = 'instagram' | 'tiktok' | 'youtube' | 'x' | 'linkedin' | 'facebook';
const NETWORKS: readonly Network[] = ['instagram', 'tiktok', 'youtube', 'x', 'linkedin', 'facebook'];
/** The card's name in Contas Conectadas ("Conta <label>"). */
const CARD: Record<Network, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  x: 'X (Twitter)',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
};
/** The networks whose cover the person picks as a frame (Facebook Reels and TikTok take none; X picks its own). */
const FRAME_COVER: ReadonlySet<Network> = new Set(['instagram', 'youtube', 'linkedin']);

interface SandboxPost {
  network: string;
  authorId: string;
  text: string;
  video?: { sha256: string; size: number };
}

let browser: Browser;
let video: Buffer;
beforeAll(async () => {
  browser = await launchBrowser();
  video = await makeVideoInChromium(browser, { seconds: 30, width: 1080, height: 1920, frameRate: 30 });
}, 240_000);
afterAll(async () => browser?.close());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const freshId = (digits: number) =>
  String(randomInt(1, 10)) + Array.from({ length: digits - 1 }, () => randomInt(0, 10)).join('');

async function control(path: string, body: unknown) {
  const res = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function clickConnect(page: Page, label: string): Promise<Locator> {
  await page.goto('/connected-accounts');
  const card = page.getByRole('article', { name: `Conta ${label}`, exact: true });
  // Instagram has two ways in (docs/instagram-login.md): these posts go through the Page's.
  await card.getByRole('button', { name: /^Conectar( pelo Facebook)?$/ }).click();
  await page.waitForURL('**/connected-accounts**', { timeout: 30_000 });
  return card;
}

/** A person of this run only (the sandbox keeps every run's posts; their ids pick ours). */
function person(sub: string) {
  return { sub, given_name: 'Clara', family_name: 'Mendes', username: `clara${sub.slice(-8)}` };
}

async function openEdit(page: Page, postId: string): Promise<Locator> {
  await page.goto('/scheduled-posts');
  await page
    .locator(`[data-post-id="${postId}"]`)
    .getByRole('button', { name: 'Editar' })
    .click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('group', { name: 'Imagens ou vídeo', exact: true }).waitFor();
  return dialog;
}

describe('a video published to six networks through the sandbox', () => {
  it('uploads a 30 s vertical video to one post per network, with cover and options, and each network receives it exactly once', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('video-publica');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

    // Connect the six (Instagram through the Facebook Page that links it; YouTube on Google's app).
    await control('next-authorization', { network: 'linkedin', user: person(freshId(19)) });
    await (await clickConnect(page, 'LinkedIn')).getByText('Conectado').first().waitFor();
    await control('next-authorization', { network: 'x', user: person(freshId(19)) });
    await (await clickConnect(page, 'X (Twitter)')).getByText('Conectado').first().waitFor();
    const pageId = freshId(15);
    const facebookUser = {
      ...person(freshId(16)),
      pages: [
        {
          id: pageId,
          name: 'Café da Clara',
          category: 'Cafeteria',
          instagramAccountId: `1784${freshId(13)}`,
          instagramUsername: `cafedaclara${pageId.slice(-6)}`,
        },
      ],
    };
    await control('next-authorization', { network: 'facebook', user: facebookUser });
    await (await clickConnect(page, 'Facebook')).getByText('Conectado').first().waitFor({ timeout: 30_000 });
    await control('next-authorization', { network: 'facebook', user: facebookUser });
    await (await clickConnect(page, 'Instagram'))
      .getByText('Conectado', { exact: true })
      .waitFor({ timeout: 30_000 });
    await control('next-authorization', { network: 'google', user: person(freshId(21)) });
    await (await clickConnect(page, 'YouTube')).getByText('Conectado', { exact: true }).waitFor();
    await control('next-authorization', { network: 'tiktok', user: person(freshId(19)) });
    await (await clickConnect(page, 'TikTok')).getByText('Conectado', { exact: true }).waitFor();

    // Whose posts each sandbox network will hold: the accounts as Pauta stored them.
    const accounts = await sql<{ platform: Network; platform_user_id: string }>(
      `SELECT a.platform, a.platform_user_id FROM connected_accounts a JOIN users u ON u.id = a.user_id
       WHERE u.email = $1 AND a.is_active`,
      [email],
    );
    const authorOf = new Map(accounts.map((a) => [a.platform, a.platform_user_id]));
    expect([...authorOf.keys()].sort()).toEqual([...NETWORKS].sort());

    // One post per network, three days ahead, in a theme on the six.
    const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    const [theme] = await sql<{ id: string }>(
      `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
       VALUES ($1, 'Bastidores em vídeo', 'Reels da cafeteria', ARRAY['professional'], $2, 'daily', 'blue') RETURNING id`,
      [user!.id, NETWORKS],
    );
    const postOf = new Map<Network, string>();
    for (const [i, network] of NETWORKS.entries()) {
      const [post] = await sql<{ id: string }>(
        `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
         VALUES ($1, $2, $3, $4, $5, $6, now() + interval '3 days') RETURNING id`,
        [
          theme!.id,
          user!.id,
          `Bastidores ${i + 1}`,
          `Um dia na torra do café, em 30 segundos (${network}).`,
          network,
          i + 1,
        ],
      );
      postOf.set(network, post!.id);
    }

    // YouTube Shorts refuse, when added, a landscape video and one over 3 minutes, in pt-BR.
    {
      const dialog = await openEdit(page, postOf.get('youtube')!);
      const field = dialog.getByRole('group', { name: 'Imagens ou vídeo', exact: true });
      const wide = await makeVideoInChromium(browser, { seconds: 2, width: 320, height: 180, frameRate: 10 });
      await dialog
        .locator('input[type="file"]')
        .first()
        .setInputFiles({ name: 'paisagem.mp4', mimeType: 'video/mp4', buffer: wide });
      const alert = field.getByRole('alert');
      await expect
        .poll(async () => (await alert.allTextContents()).join(' '), { timeout: 60_000 })
        .toContain(
          'YouTube aceita Shorts com proporção entre 1:4 (vertical) e 1:1 (quadrado). Recorte o vídeo e tente de novo.',
        );
      await snapshot(page, 'video-publish-youtube-landscape-refused-1280', { fullPage: false });
      const long = await makeVideoInChromium(browser, { seconds: 185, width: 90, height: 160, frameRate: 1 });
      await dialog
        .locator('input[type="file"]')
        .first()
        .setInputFiles({ name: 'longo.mp4', mimeType: 'video/mp4', buffer: long });
      await expect
        .poll(async () => (await alert.allTextContents()).join(' '), { timeout: 60_000 })
        .toContain('YouTube aceita Shorts de até 3 minutos. Corte o vídeo e tente de novo.');
      expect(await sql('SELECT id FROM post_media WHERE post_id = $1', [postOf.get('youtube')!])).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancelar', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    }

    // The video on each post, through the edit dialog.
    const uploadMs = new Map<Network, number>();
    for (const network of NETWORKS) {
      const postId = postOf.get(network)!;
      const dialog = await openEdit(page, postId);
      const started = Date.now();
      await dialog
        .locator('input[type="file"]')
        .first()
        .setInputFiles({ name: `bastidores-${network}.mp4`, mimeType: 'video/mp4', buffer: video });
      const card = dialog.getByTestId('post-video');
      await card.waitFor({ timeout: 120_000 });
      await expect
        .poll(async () => (await card.getByTestId('video-facts').textContent()) ?? '', { timeout: 30_000 })
        .toContain('1080 × 1920 px');
      uploadMs.set(network, Date.now() - started);
      expect(await card.getByTestId('video-not-published').count(), network).toBe(0);

      if (FRAME_COVER.has(network)) {
        await useFrameAsCover(card, 3);
      }
      if (network === 'tiktok') {
        const options = dialog.getByRole('region', { name: 'Opções do TikTok' });
        await options.getByRole('combobox', { name: 'Quem pode ver este vídeo' }).click();
        await page.getByRole('option', { name: 'Somente eu', exact: true }).click();
      }
      if (network === 'youtube') {
        const options = dialog.getByRole('region', { name: 'Opções do YouTube' });
        await options.getByText('Não', { exact: true }).click();
      }
      await dialog.getByRole('region', { name: 'Prévia' }).scrollIntoViewIfNeeded();
      await snapshot(page, `video-publish-${network}-dialog-1280`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
      await dialog.waitFor({ state: 'detached', timeout: 30_000 });
      const [stored] = await sql<{ size_bytes: string; network_options: Record<string, unknown> }>(
        `SELECT m.size_bytes, p.network_options FROM post_media m JOIN suggested_posts p ON p.id = m.post_id
         WHERE m.post_id = $1 AND m.kind = 'video'`,
        [postId],
      );
      expect(Number(stored?.size_bytes), network).toBe(video.length);
      if (network === 'tiktok') expect(stored?.network_options).toMatchObject({ privacyLevel: 'SELF_ONLY' });
      if (network === 'youtube') expect(stored?.network_options).toMatchObject({ madeForKids: false });
    }

    // Each post due ~5 s from now; the worker publishes them.
    const rescheduledAt = Date.now();
    for (const network of NETWORKS) {
      const res = await mutateInPage(page, 'posts.reschedule', {
        json: { id: postOf.get(network)!, scheduledFor: new Date(Date.now() + 5000).toISOString() },
        meta: { values: { scheduledFor: ['Date'] } },
      });
      expect(res.status, `${network}: ${res.body}`).toBe(200);
    }
    const publishedAt = new Map<Network, number>();
    await expect
      .poll(
        async () => {
          const rows = await sql<{
            platform: Network;
            status: string;
            last_error: string | null;
            last_error_message: string | null;
          }>(
            'SELECT platform, status, last_error, last_error_message FROM suggested_posts WHERE id = ANY($1)',
            [[...postOf.values()]],
          );
          for (const row of rows)
            if (row.status === 'published' && !publishedAt.has(row.platform))
              publishedAt.set(row.platform, Date.now());
          return rows
            .map((r) =>
              ['published', 'scheduled', 'publishing'].includes(r.status)
                ? `${r.platform}:${r.status}`
                : `${r.platform}:${r.status} ${r.last_error ?? ''} ${r.last_error_message ?? ''}`,
            )
            .sort();
        },
        { timeout: 240_000, interval: 500 },
      )
      .toEqual(NETWORKS.map((n) => `${n}:published`).sort());

    // What each network received: one video post of this account, the same bytes as the file.
    const fileSha = sha256(video);
    for (const network of NETWORKS) {
      const res = await fetch(`${e2eEnv().sandboxUrl}/__sandbox/posts?network=${network}`);
      const { posts } = (await res.json()) as { posts: SandboxPost[] };
      const ours = posts.filter((p) => p.authorId === authorOf.get(network));
      expect(ours, network).toHaveLength(1);
      expect(ours[0]!.video, network).toMatchObject({ sha256: fileSha, size: video.length });
    }
    await page.goto('/published-posts');
    await expect
      .poll(() => page.getByRole('article').filter({ hasText: 'Bastidores' }).count(), { timeout: 30_000 })
      .toBe(6);
    await snapshot(page, 'video-publish-published-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await snapshot(page, 'video-publish-published-375');

    process.stdout.write(
      `[video-publish] vídeo de ${video.length} bytes; envio ${NETWORKS.map((n) => `${CARD[n]} ${uploadMs.get(n)} ms`).join(', ')}; publicação após reagendar para +5 s: ${NETWORKS.map((n) => `${CARD[n]} ${publishedAt.get(n)! - rescheduledAt} ms`).join(', ')}\n`,
    );
    await context.close();
  }, 900_000);
});
