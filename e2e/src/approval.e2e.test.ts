// Issue 17 items 1 and 2 in Chromium (docs/approval.md): a theme that requires approval, its
// posts on the Quadro de aprovação; an unapproved post whose time comes is not published and the
// open board shows the flag and the toast without a reload; moved with the keyboard through
// review to approved, it is published once through the sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { expectToast, moveWithKeyboard, mutateInPage, signUpWithApprovalTheme } from './flows.js';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('approval before publishing', () => {
  it('holds an unapproved due post, then publishes it once after review and approval', async () => {
    const { page } = await newPage(browser);
    const email = uniqueEmail('aprovacao');
    const themeId = await signUpWithApprovalTheme(page, email);

    const posts = await sql<{ id: string; title: string; content: string; approval_stage: string }>(
      'SELECT id, title, content, approval_stage FROM suggested_posts WHERE theme_id = $1 ORDER BY post_order',
      [themeId],
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
    // Its time already came: once approved it is published at once, and leaves the column.
    await moveWithKeyboard(page, approved.title, 'Aprovado (agendado)', { wait: false });
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
    const sent = (await (await fetch(`${e2eEnv().sandboxUrl}/__sandbox/posts`)).json()) as {
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
