// Issue 17 items 1 and 2 in Chromium (docs/approval.md): a theme that requires approval, its
// posts on the Quadro de aprovação; an unapproved post whose time comes is not published and the
// open board shows the flag and the toast without a reload; moved with the keyboard through
// review to approved, it is published once through the sandbox.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { createTheme, expectToast, mutateInPage, signUp } from './flows.js';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function connectX(page: Page) {
  await page.goto('/connected-accounts');
  await page.getByRole('article', { name: 'Conta X' }).getByRole('button', { name: 'Conectar' }).click();
  await page.waitForURL('**/connected-accounts**', { timeout: 20_000 });
  await page.getByRole('article', { name: 'Conta X' }).getByText('Conectado').first().waitFor();
}

/** Opens "Mover para…" of a card and picks a stage with the keyboard only. */
async function moveWithKeyboard(page: Page, title: string, stage: string) {
  const button = page.getByRole('button', { name: `Mover para… — ${title}` });
  await button.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: stage, exact: true });
  await item.waitFor();
  for (let i = 0; i < 6; i++) {
    if (await item.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
}

describe('approval before publishing', () => {
  it('holds an unapproved due post, then publishes it once after review and approval', async () => {
    const { page } = await newPage(browser);
    const email = uniqueEmail('aprovacao');
    await signUp(page, email, { firstName: 'Marina' });
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    await connectX(page);
    await createTheme(page, 'Coleção de verão', { networks: ['X (Twitter)'], frequency: 'Semanal' });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });

    // The theme form's switch.
    const [theme] = await sql<{ id: string }>(
      'SELECT t.id FROM themes t JOIN users u ON u.id = t.user_id WHERE u.email = $1',
      [email],
    );
    await page.goto(`/edit?theme=${theme!.id}`);
    await page.getByRole('switch', { name: 'Exige aprovação antes de publicar' }).check();
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect
      .poll(
        async () =>
          (
            await sql<{ r: boolean }>('SELECT requires_approval AS r FROM themes WHERE id = $1', [theme!.id])
          )[0]?.r,
      )
      .toBe(true);

    const posts = await sql<{ id: string; title: string; content: string; approval_stage: string }>(
      'SELECT id, title, content, approval_stage FROM suggested_posts WHERE theme_id = $1 ORDER BY post_order',
      [theme!.id],
    );
    expect(posts.length).toBeGreaterThan(1);
    expect(new Set(posts.map((p) => p.approval_stage))).toEqual(new Set(['draft']));
    // The template drafts share a title: name the two this test follows.
    const [held, approved] = posts.slice(0, 2).map((p, i) => ({
      ...p,
      title: i === 0 ? 'Abertura da coleção' : 'Bastidores da produção',
    })) as [(typeof posts)[number], (typeof posts)[number]];
    for (const post of [held, approved]) {
      await sql('UPDATE suggested_posts SET title = $2 WHERE id = $1', [post.id, post.title]);
    }

    await page.goto('/approval-board');
    await page.getByRole('heading', { name: 'Quadro de aprovação' }).waitFor();
    await page
      .getByRole('region', { name: /^Rascunho \(/ })
      .getByRole('article')
      .first()
      .waitFor();
    await snapshot(page, 'approval-board-1280');
    const axe = new AxeReport();
    await scan(page, axe, 'approval-board', 'light-1280');

    // Both come due in a few seconds, unapproved.
    const due = new Date(Date.now() + 3000).toISOString();
    for (const post of [held, approved]) {
      const res = await mutateInPage(page, 'posts.reschedule', {
        json: { id: post.id, scheduledFor: due },
        meta: { values: { scheduledFor: ['Date'] } },
      });
      expect(res.status, res.body).toBe(200);
    }
    // The open board shows the flag and the toast, without a reload.
    await expectToast(page, 'falta aprovação');
    const heldCard = page.getByRole('article', { name: held.title });
    await heldCard.getByText('Horário passou sem aprovação').waitFor({ timeout: 20_000 });
    await page.waitForTimeout(4000);
    const statuses = await sql<{ status: string }>('SELECT status FROM suggested_posts WHERE id = ANY($1)', [
      [held.id, approved.id],
    ]);
    expect(statuses.map((s) => s.status)).toEqual(['scheduled', 'scheduled']);
    await snapshot(page, 'approval-board-overdue-1280');

    // Review, then approval — keyboard only.
    await moveWithKeyboard(page, approved.title, 'Em revisão');
    await page
      .getByRole('region', { name: /^Em revisão \(1\)/ })
      .getByRole('article', { name: approved.title })
      .waitFor();
    await moveWithKeyboard(page, approved.title, 'Aprovado (agendado)');
    await expect
      .poll(
        async () =>
          (
            await sql<{ status: string }>('SELECT status FROM suggested_posts WHERE id = $1', [approved.id])
          )[0]?.status,
        { timeout: 30_000, interval: 500 },
      )
      .toBe('published');
    await page
      .getByRole('region', { name: /^Publicado \(1\)/ })
      .getByRole('article', { name: approved.title })
      .waitFor();
    const sent = (await (await fetch(`${inject('sandboxUrl')}/__sandbox/posts`)).json()) as {
      posts: { network: string; text: string }[];
    };
    expect(sent.posts.filter((p) => p.text === approved.content)).toHaveLength(1);
    expect(sent.posts.filter((p) => p.text === held.content)).toHaveLength(0);

    // The history says who moved it and when.
    await page.getByRole('button', { name: `Histórico — ${approved.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Histórico e comentários' });
    await dialog.getByText('Marina moveu de Rascunho para Em revisão').waitFor();
    await dialog.getByLabel('Comentário', { exact: true }).fill('@Marina ficou ótimo');
    await dialog.getByRole('button', { name: 'Comentar' }).click();
    await dialog.getByText('Menciona o autor').waitFor();
    await snapshot(page, 'approval-history-1280', { fullPage: false });
    await scan(page, axe, 'approval-history', 'light-1280');
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await page.getByRole('heading', { name: 'Quadro de aprovação' }).waitFor();
    await page.getByRole('article', { name: held.title }).waitFor();
    await snapshot(page, 'approval-board-375');
    await scan(page, axe, 'approval-board', 'light-375');
    // Dark mode (the palette comes from the Mantine theme).
    await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
    await page.reload();
    await page.getByRole('article', { name: held.title }).waitFor();
    await page.waitForFunction(
      () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
    );
    await scan(page, axe, 'approval-board', 'dark-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await snapshot(page, 'approval-board-dark-1280', { fullPage: false });
    await scan(page, axe, 'approval-board', 'dark-1280');
    expect(axe.blocking(), axe.describeBlocking()).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  }, 150_000);
});
