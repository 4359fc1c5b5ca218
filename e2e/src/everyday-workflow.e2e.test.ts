// Issue 30's first "Done when", end to end in Chromium against the sandbox: a person signs up,
// connects LinkedIn, X and Instagram (through the Facebook Page), gives each account a queue slot
// in Fila de publicação, writes ONE post in "Novo post" for the three networks — X with a text of
// its own, Instagram with a first comment — and clicks "Adicionar à fila": each network's post
// takes its account's next free slot (the weekday and time shown on the queue screen and on the
// post's card). One image chosen for the base in the composer goes with each post. The three are
// moved to "now" as the other publishing tests do (posts.reschedule from the page, the call Editar
// Post's date makes), and the worker publishes them: each sandbox
// network has exactly one post by the account, with its own text, Instagram exactly one comment
// under it with the first comment's text, and the open screen turns to "Publicado" and
// "Primeiro comentário publicado" without a reload. Weekdays and times are asserted, never dates:
// the test holds on any day.
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { clickConnect, expectToast, freshId, mutateInPage, sandboxControl, signUp } from './flows.js';

type Network = 'linkedin' | 'x' | 'instagram';
const TITLE = 'Pão de fermentação natural';
const BASE =
  'Pão de fermentação natural: levain ativo, 24 horas de geladeira e forno bem quente. Quem aí já fez o seu?';
const X_TEXT = 'Pão de fermentação natural: levain, 24 h de geladeira, forno quente. E o seu?';
const IG_COMMENT = '#paocaseiro #levain — receita completa no link da bio';

/** Each account's one queue slot: the weekday (as the select names it) and the time. */
const SLOTS: Record<Network, { card: string; weekday: string; time: string }> = {
  linkedin: { card: 'LinkedIn', weekday: 'terça', time: '08:15' },
  x: { card: 'X (Twitter)', weekday: 'quarta', time: '18:30' },
  instagram: { card: 'Instagram', weekday: 'sexta', time: '12:45' },
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function sandboxList<T>(path: string): Promise<T> {
  return (await (await fetch(`${e2eEnv().sandboxUrl}/__sandbox/${path}`)).json()) as T;
}

async function addSlot(page: Page, card: Locator, weekday: string, time: string) {
  await card.getByLabel('Dia da semana').click();
  await page.getByRole('option', { name: weekday, exact: true }).click();
  await card.getByLabel('Horário', { exact: true }).fill(time);
  await card.getByRole('button', { name: 'Adicionar horário' }).click();
  await card.getByText(`${weekday}, ${time}`, { exact: true }).waitFor();
}

describe('Issue 30, Done when: one post to LinkedIn, X and Instagram through the queue', () => {
  it('composes once, queues each network into its next slot, and publishes post and first comment once each', {
    timeout: 360_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('dia-a-dia');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

    // LinkedIn, X and Instagram (through the Facebook Page), all through the sandbox.
    const linkedinSub = freshId(19);
    const xSub = freshId(19);
    const pageId = freshId(15);
    const instagramId = `1784${freshId(13)}`;
    await sandboxControl('next-authorization', {
      network: 'linkedin',
      user: { sub: linkedinSub, given_name: 'Rita', family_name: 'Prado', username: `rita${linkedinSub}` },
    });
    await (await clickConnect(page, 'LinkedIn')).getByText('Conectado').first().waitFor();
    await sandboxControl('next-authorization', {
      network: 'x',
      user: { sub: xSub, given_name: 'Rita', family_name: 'Prado', username: `rita${xSub.slice(-8)}` },
    });
    await (await clickConnect(page, 'X (Twitter)')).getByText('Conectado').first().waitFor();
    await sandboxControl('next-authorization', {
      network: 'facebook',
      user: {
        sub: freshId(16),
        given_name: 'Rita',
        family_name: 'Prado',
        pages: [
          {
            id: pageId,
            name: 'Padaria da Rita',
            category: 'Padaria',
            instagramAccountId: instagramId,
            instagramUsername: `padariadarita${pageId.slice(-5)}`,
          },
        ],
      },
    });
    await (await clickConnect(page, 'Instagram'))
      .getByText('Conectado', { exact: true })
      .waitFor({ timeout: 30_000 });

    // The theme the post belongs to (its AI drafts are not this test's subject).
    const [user] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    await sql(
      `INSERT INTO themes (user_id, name, description, social_networks, color_palette)
       VALUES ($1, 'Padaria artesanal', 'Pães e fermentação', ARRAY['linkedin','x','instagram'], 'orange')`,
      [user!.id],
    );

    // Fila de publicação: one slot per account.
    await page.goto('/posting-queue');
    await page.getByRole('heading', { level: 1, name: 'Fila de publicação' }).waitFor();
    for (const slot of Object.values(SLOTS)) {
      const card = page.getByRole('region', { name: slot.card, exact: true });
      await card.getByText('Nenhum horário ainda.', { exact: false }).waitFor();
      await addSlot(page, card, slot.weekday, slot.time);
    }

    // Novo post: base text, X's own text, Instagram's first comment; "Adicionar à fila".
    await page.goto('/scheduled-posts');
    await page.getByRole('button', { name: 'Novo post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo post' });
    await dialog.getByRole('combobox', { name: /^Tema/ }).click();
    await page.getByRole('option', { name: 'Padaria artesanal' }).click();
    for (const label of ['LinkedIn', 'X', 'Instagram'])
      await dialog.getByRole('tab', { name: new RegExp(`^${label}`) }).waitFor();
    await dialog.getByRole('textbox', { name: /^Título/ }).fill(TITLE);
    await dialog.getByRole('textbox', { name: 'Texto base' }).fill(BASE);
    // One image for the base (Instagram publishes only with one), inherited by every tab.
    const jpeg = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: '#a0522d' } })
      .jpeg()
      .toBuffer();
    const images = dialog.getByRole('group', { name: 'Imagens ou vídeo', exact: true });
    await images
      .locator('input[type="file"][accept^="image/"]')
      .setInputFiles([{ name: 'pao.jpg', mimeType: 'image/jpeg', buffer: jpeg }]);
    await images
      .getByRole('textbox', { name: 'Texto alternativo da imagem 1' })
      .fill('Pão de fermentação natural com casca dourada', { timeout: 60_000 });
    await dialog.getByRole('tab', { name: /^X/ }).click();
    await dialog.getByRole('textbox', { name: 'Texto para o X (Twitter)' }).fill(X_TEXT);
    await dialog.getByRole('tabpanel').getByText('Texto próprio').waitFor();
    await dialog.getByRole('tab', { name: /^Instagram/ }).click();
    await dialog.getByRole('tabpanel').getByText('Usa o texto base').waitFor();
    await dialog.getByRole('tabpanel').getByRole('textbox', { name: 'Primeiro comentário' }).fill(IG_COMMENT);
    await dialog
      .getByRole('tabpanel')
      .getByText(`${[...IG_COMMENT].length}/2200 caracteres`)
      .waitFor();
    await settle(page);
    await snapshot(page, 'everyday-composer-instagram-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Adicionar à fila' }).click();
    await expectToast(page, '3 posts adicionados à fila, um por rede.');
    await dialog.waitFor({ state: 'detached' });

    const posts = await sql<{
      id: string;
      platform: Network;
      content: string;
      first_comment: string | null;
      queue_account_id: string | null;
    }>(
      `SELECT id, platform, content, first_comment, queue_account_id FROM suggested_posts
       WHERE user_id = $1 AND title = $2 ORDER BY platform`,
      [user!.id, TITLE],
    );
    expect(posts.map((p) => [p.platform, p.content, p.first_comment])).toEqual([
      ['instagram', BASE, IG_COMMENT],
      ['linkedin', BASE, null],
      ['x', X_TEXT, null],
    ]);
    expect(posts.every((p) => p.queue_account_id !== null)).toBe(true);
    const byNetwork = new Map(posts.map((p) => [p.platform, p]));

    // Each card shows its account's slot time and "Na fila".
    for (const post of posts) {
      const card = page.locator(`[data-post-id="${post.id}"]`);
      await card.getByText('Na fila', { exact: true }).waitFor({ timeout: 30_000 });
      expect(await card.textContent()).toContain(`· ${SLOTS[post.platform].time}`);
    }
    await snapshot(page, 'everyday-queued-list-1280', { fullPage: false });

    // The queue screen: each account's first upcoming entry is the post, at the slot's weekday and time.
    await page.goto('/posting-queue');
    for (const slot of Object.values(SLOTS)) {
      const first = page
        .getByRole('region', { name: slot.card, exact: true })
        .getByTestId('queue-entry')
        .first();
      await first.getByTestId('queue-entry-title').getByText(TITLE).waitFor();
      const when = (await first.innerText()).split('\n')[0]!.trim();
      expect(when.startsWith(`${slot.weekday}, `), when).toBe(true);
      expect(when.endsWith(`, ${slot.time}`), when).toBe(true);
    }
    await snapshot(page, 'everyday-queue-1280');

    const instagram = byNetwork.get('instagram')!;
    const [{ n: igImages }] = (await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM post_media WHERE post_id = $1',
      [instagram.id],
    )) as [{ n: number }];
    expect(igImages).toBe(1);

    await page.goto('/scheduled-posts');
    // Due in a few seconds; the list stays open and follows the worker live.
    for (const post of posts) {
      const res = await mutateInPage(page, 'posts.reschedule', {
        json: { id: post.id, scheduledFor: new Date(Date.now() + 4000).toISOString() },
        meta: { values: { scheduledFor: ['Date'] } },
      });
      expect(res.status, res.body).toBe(200);
    }
    for (const post of posts) {
      await page
        .locator(`[data-post-id="${post.id}"]`)
        .getByText('Publicado', { exact: true })
        .waitFor({ timeout: 90_000 });
    }
    const igCard = page.locator(`[data-post-id="${instagram.id}"]`);
    await igCard.getByText('Primeiro comentário publicado').waitFor({ timeout: 60_000 });
    await igCard.scrollIntoViewIfNeeded();
    await settle(page);
    await snapshot(page, 'everyday-published-1280', { fullPage: false });

    // The sandbox: one post per network by these accounts, each with its own text; one comment.
    const authorOf: Record<Network, string> = { linkedin: linkedinSub, x: xSub, instagram: instagramId };
    const sentIds = new Map<Network, string>();
    for (const network of ['linkedin', 'x', 'instagram'] as const) {
      const { posts: sent } = await sandboxList<{ posts: { id: string; authorId: string; text: string }[] }>(
        `posts?network=${network}`,
      );
      const ours = sent.filter((p) => p.authorId === authorOf[network]);
      expect(ours, network).toHaveLength(1);
      // LinkedIn's text arrives "little text" escaped; the others verbatim.
      const received = network === 'linkedin' ? ours[0]!.text.replace(/\\(.)/g, '$1') : ours[0]!.text;
      expect(received, network).toBe(network === 'x' ? X_TEXT : BASE);
      sentIds.set(network, ours[0]!.id);
    }
    const { comments } = await sandboxList<{ comments: { parentId: string; text: string }[] }>(
      'comments?network=instagram',
    );
    expect(comments.filter((c) => c.parentId === sentIds.get('instagram')).map((c) => c.text)).toEqual([
      IG_COMMENT,
    ]);
    // No first comment went anywhere else: X got no reply from this account.
    const { posts: xSent } = await sandboxList<{ posts: { authorId: string; inReplyToId?: string }[] }>(
      'posts?network=x',
    );
    expect(xSent.filter((p) => p.authorId === xSub && p.inReplyToId !== undefined)).toEqual([]);
    await context.close();
  });
});
