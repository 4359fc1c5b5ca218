// Issue 30 item 3 in Chromium (docs/bulk-actions.md): approval switched on for a theme sends its 20
// posts to Rascunho; Posts Agendados selects all 20 filtered and approves them in one call (the
// toast names the count; the board shows them in Aprovado); two posts rescheduled by +1 day and
// undone from the toast; one deleted after a confirmation that says it cannot be undone. The
// bar and its dialog at 1280 and 375 px, light and dark, scanned by axe. "Para a fila": three posts
// selected, one call, each takes the next free 14:30 slot of the X account's queue (in the order of
// their dates) and its card shows that time; Desfazer puts them back.
import { formatDate } from '@pauta/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { connectX, createTheme, expectToast, signUp } from './flows.js';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const DAY = 86_400_000;
const TOTAL = 20;

describe('bulk actions', () => {
  it('bulk-approves 20 posts, reschedules two by +1 day and undoes it, deletes one after confirming', async () => {
    const { page } = await newPage(browser);
    const email = uniqueEmail('massa');
    await signUp(page, email, { firstName: 'Marina' });
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    await connectX(page);
    await createTheme(page, 'Coleção de verão', { networks: ['X (Twitter)'], frequency: 'Semanal' });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 60_000 });
    const [theme] = await sql<{ id: string; user_id: string; n: string }>(
      `SELECT t.id, t.user_id, (SELECT count(*) FROM suggested_posts p WHERE p.theme_id = t.id) AS n
         FROM themes t JOIN users u ON u.id = t.user_id WHERE u.email = $1`,
      [email],
    );
    // The theme's calendar, topped up to 20 scheduled posts (one a day from the day after tomorrow).
    for (let i = Number(theme!.n); i < TOTAL; i++) {
      await sql(
        `INSERT INTO suggested_posts (user_id, theme_id, title, content, platform, post_order, scheduled_for)
         VALUES ($1, $2, $3, $4, 'x', $5, $6)`,
        [
          theme!.user_id,
          theme!.id,
          `Post extra ${i + 1}`,
          `Texto do post ${i + 1}`,
          i,
          new Date(Date.now() + (2 + i) * DAY),
        ],
      );
    }

    // Approval switched on: all 20 go to Rascunho.
    await page.goto(`/edit?theme=${theme!.id}`);
    await page.getByRole('switch', { name: 'Exige aprovação antes de publicar' }).check();
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect
      .poll(async () => {
        const rows = await sql<{ n: string }>(
          "SELECT count(*) AS n FROM suggested_posts WHERE theme_id = $1 AND approval_stage = 'draft'",
          [theme!.id],
        );
        return Number(rows[0]?.n);
      })
      .toBe(TOTAL);

    // Posts Agendados, filtered by the theme: select all 20 filtered.
    await page.goto(`/scheduled-posts?theme=${theme!.id}`);
    await page.getByTestId('posts-count').waitFor();
    await page.getByRole('button', { name: `Selecionar todos os ${TOTAL} filtrados` }).click();
    const bar = page.getByRole('region', { name: 'Ações em massa' });
    await bar.getByText(`${TOTAL} selecionados`).waitFor();
    await snapshot(page, 'bulk-bar-1280', { fullPage: false });
    const axe = new AxeReport();
    await scan(page, axe, 'bulk-bar', 'light-1280');

    // Keyboard: the bar's "Aprovar" takes the focus and Enter opens the confirmation.
    await bar.getByRole('button', { name: 'Aprovar' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Aprovar ${TOTAL} posts?` });
    await dialog.waitFor();
    await snapshot(page, 'bulk-confirm-1280', { fullPage: false });
    await scan(page, axe, 'bulk-confirm', 'light-1280');
    const bulkCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/trpc/posts.bulk') && req.method() === 'POST') bulkCalls.push(req.url());
    });
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expectToast(page, `${TOTAL} posts alterados.`);
    expect(bulkCalls.filter((u) => !u.includes('bulkUndo'))).toHaveLength(1);
    const stages = await sql<{ approval_stage: string; n: string }>(
      'SELECT approval_stage, count(*) AS n FROM suggested_posts WHERE theme_id = $1 GROUP BY 1',
      [theme!.id],
    );
    expect(stages).toEqual([{ approval_stage: 'approved', n: String(TOTAL) }]);
    await snapshot(page, 'bulk-approved-toast-1280', { fullPage: false });

    // The board shows them in Aprovado.
    await page.goto('/approval-board');
    await page.getByRole('region', { name: `Aprovado (agendado) (${TOTAL})` }).waitFor();
    await page.getByRole('region', { name: 'Rascunho (0)' }).waitFor();

    // Two posts rescheduled by +1 day, then undone from the toast.
    const before = await sql<{ id: string; title: string; scheduled_for: Date }>(
      'SELECT id, title, scheduled_for FROM suggested_posts WHERE theme_id = $1 ORDER BY scheduled_for, id LIMIT 2',
      [theme!.id],
    );
    await page.goto(`/scheduled-posts?theme=${theme!.id}`);
    for (const post of before) {
      await page.locator(`[data-bulk-select="${post.id}"]`).check();
    }
    await bar.getByText('2 selecionados').waitFor();
    await bar.getByRole('button', { name: 'Reagendar' }).click();
    const reschedule = page.getByRole('dialog', { name: 'Reagendar 2 posts (+1 dia)?' });
    await reschedule.waitFor();
    await snapshot(page, 'bulk-reschedule-1280', { fullPage: false });
    await scan(page, axe, 'bulk-reschedule', 'light-1280');
    await reschedule.getByRole('button', { name: 'Confirmar' }).click();
    await expectToast(page, '2 posts alterados.');
    const moved = await sql<{ id: string; scheduled_for: Date }>(
      'SELECT id, scheduled_for FROM suggested_posts WHERE id = ANY($1) ORDER BY id',
      [before.map((p) => p.id)],
    );
    for (const row of moved) {
      const original = before.find((p) => p.id === row.id)!;
      expect(row.scheduled_for.getTime()).toBe(original.scheduled_for.getTime() + DAY);
    }
    await page
      .locator('.mantine-Notification-root')
      .filter({ hasText: '2 posts alterados.' })
      .getByRole('button', { name: 'Desfazer' })
      .click();
    await expectToast(page, '2 posts restaurados.');
    const restored = await sql<{ id: string; scheduled_for: Date }>(
      'SELECT id, scheduled_for FROM suggested_posts WHERE id = ANY($1)',
      [before.map((p) => p.id)],
    );
    for (const row of restored) {
      expect(row.scheduled_for.getTime()).toBe(before.find((p) => p.id === row.id)!.scheduled_for.getTime());
    }

    // Delete one, after a confirmation that says it cannot be undone.
    const victim = before[0]!;
    await page.locator(`[data-bulk-select="${victim.id}"]`).check();
    await bar.getByRole('button', { name: 'Excluir' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Excluir 1 post?' });
    await confirmDelete.getByText('Esta ação não pode ser desfeita.').waitFor();
    await confirmDelete.getByRole('button', { name: 'Confirmar' }).click();
    await expectToast(page, '1 post excluído.');
    expect(await sql('SELECT id FROM suggested_posts WHERE id = $1', [victim.id])).toEqual([]);

    // The calendar's selection mode: a chip ticks instead of opening the post. The month shown is
    // São Paulo's; the earliest remaining post may fall in the next one (past the grid's last row).
    await page.getByText('Calendário', { exact: true }).click();
    const [earliest] = await sql<{ scheduled_for: Date }>(
      'SELECT scheduled_for FROM suggested_posts WHERE theme_id = $1 ORDER BY scheduled_for LIMIT 1',
      [theme!.id],
    );
    const monthIn = (date: Date) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/Sao_Paulo',
        year: 'numeric',
        month: '2-digit',
      }).format(date);
    if (monthIn(earliest!.scheduled_for) !== monthIn(new Date()))
      await page.getByRole('button', { name: 'Próximo mês' }).click();
    await page.getByRole('button', { name: 'Selecionar posts' }).click();
    const chip = page.locator('button[aria-pressed][data-post-id]').first();
    await chip.click();
    await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('true');
    await bar.getByText('1 selecionado').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await snapshot(page, 'bulk-calendar-1280', { fullPage: false });
    await scan(page, axe, 'bulk-calendar', 'light-1280');
    await page.getByText('Lista', { exact: true }).click();

    // 375 px and dark: the bar wraps, nothing overflows.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await page.getByRole('button', { name: `Selecionar todos os ${TOTAL - 1} filtrados` }).click();
    await bar.getByText(`${TOTAL - 1} selecionados`).waitFor();
    await snapshot(page, 'bulk-bar-375', { fullPage: false });
    await scan(page, axe, 'bulk-bar', 'light-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
    await page.reload();
    await page.waitForFunction(
      () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
    );
    await page.getByRole('button', { name: `Selecionar todos os ${TOTAL - 1} filtrados` }).click();
    await bar.getByText(`${TOTAL - 1} selecionados`).waitFor();
    await snapshot(page, 'bulk-bar-dark-375', { fullPage: false });
    await scan(page, axe, 'bulk-bar', 'dark-375');
    await bar.getByRole('button', { name: 'Mover etapa' }).click();
    await page.getByRole('dialog', { name: /^Mover 19 posts para / }).waitFor();
    await snapshot(page, 'bulk-move-dark-375', { fullPage: false });
    await scan(page, axe, 'bulk-move', 'dark-375');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The board's checkboxes, dark.
    await page.goto('/approval-board');
    await page
      .getByRole('checkbox', { name: /^Selecionar "/ })
      .first()
      .check();
    await bar.getByText('1 selecionado').waitFor();
    await snapshot(page, 'bulk-board-dark-1280', { fullPage: false });
    await scan(page, axe, 'bulk-board', 'dark-1280');
    expect(axe.blocking(), axe.describeBlocking()).toEqual([]);
  }, 180_000);

  it('puts 3 selected posts into the queue: each takes the next free slot and shows its time', async () => {
    const ZONE = 'America/Sao_Paulo';
    const { page } = await newPage(browser);
    const email = uniqueEmail('massa-fila');
    await signUp(page, email, { firstName: 'Marina' });
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    const [user] = await sql<{ id: string; workspace_id: string }>(
      'SELECT u.id, w.id AS workspace_id FROM users u JOIN workspaces w ON w.personal_of = u.id WHERE u.email = $1',
      [email],
    );
    await sql('UPDATE workspaces SET timezone = $2 WHERE id = $1', [user!.workspace_id, ZONE]);
    const [{ id: themeId }] = (await sql<{ id: string }>(
      `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
       VALUES ($1, 'Padaria', 'Pães', ARRAY['casual'], ARRAY['x'], 'weekly', 'orange') RETURNING id`,
      [user!.id],
    )) as [{ id: string }];
    // Three posts 40, 41 and 42 days ahead at 03:07Z (far from every slot), inserted newest first.
    const base = new Date(Date.now() + 40 * DAY);
    base.setUTCHours(3, 7, 0, 0);
    const ids: string[] = [];
    for (const i of [2, 1, 0]) {
      const [row] = await sql<{ id: string }>(
        `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
         VALUES ($1, $2, $3, $4, 'x', $5, $6) RETURNING id`,
        [
          themeId,
          user!.id,
          `Fornada ${i + 1}`,
          `Fornada ${i + 1} saindo`,
          i + 1,
          new Date(base.getTime() + i * DAY),
        ],
      );
      ids[i] = row!.id;
    }
    await connectX(page);
    const [account] = await sql<{ id: string }>(
      "SELECT id FROM connected_accounts WHERE workspace_id = $1 AND platform = 'x'",
      [user!.workspace_id],
    );
    // Every day at 14:30 in the workspace's zone.
    for (let weekday = 0; weekday < 7; weekday++)
      await sql(
        'INSERT INTO queue_slots (workspace_id, connected_account_id, weekday, minute) VALUES ($1, $2, $3, 870)',
        [user!.workspace_id, account!.id, weekday],
      );

    await page.goto(`/scheduled-posts?theme=${themeId}`);
    await page.getByTestId('posts-count').waitFor();
    for (const id of ids) await page.locator(`[data-bulk-select="${id}"]`).check();
    const bar = page.getByRole('region', { name: 'Ações em massa' });
    await bar.getByText('3 selecionados').waitFor();
    const bulkCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/trpc/posts.bulk') && req.method() === 'POST') bulkCalls.push(req.url());
    });
    await bar.getByRole('button', { name: 'Para a fila' }).click();
    const dialog = page.getByRole('dialog', { name: 'Colocar 3 posts na fila?' });
    await dialog.getByText('Você poderá desfazer logo depois.').waitFor();
    await snapshot(page, 'bulk-queue-confirm-1280', { fullPage: false });
    const axe = new AxeReport();
    await scan(page, axe, 'bulk-queue-confirm', 'light-1280');
    const startedAt = Date.now();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expectToast(page, '3 posts alterados.');
    expect(bulkCalls.filter((u) => !u.includes('bulkUndo'))).toHaveLength(1);

    // In the order of their dates, each took the next 14:30: three days in a row, the first within a day.
    const queued = await sql<{ id: string; scheduled_for: Date; queue_account_id: string | null }>(
      'SELECT id, scheduled_for, queue_account_id FROM suggested_posts WHERE id = ANY($1)',
      [ids],
    );
    const slots = ids.map((id) => queued.find((row) => row.id === id)!);
    for (const row of slots) {
      expect(row.queue_account_id).toBe(account!.id);
      expect(
        new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(
          row.scheduled_for,
        ),
      ).toBe('14:30');
    }
    const first = slots[0]!.scheduled_for.getTime();
    expect(first).toBeGreaterThan(startedAt - 60_000);
    expect(first).toBeLessThanOrEqual(startedAt + DAY);
    expect(slots.map((row) => row.scheduled_for.getTime() - first)).toEqual([0, DAY, 2 * DAY]);
    // Each card shows its slot's day and time.
    for (const row of slots)
      await expect
        .poll(() => page.locator(`[data-post-id="${row.id}"]`).first().innerText())
        .toContain(`${formatDate(row.scheduled_for, ZONE)} · 14:30`);
    await snapshot(page, 'bulk-queue-done-1280', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await snapshot(page, 'bulk-queue-done-375', { fullPage: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

    // Desfazer: back at their previous dates, out of the queue.
    await page
      .locator('.mantine-Notification-root')
      .filter({ hasText: '3 posts alterados.' })
      .getByRole('button', { name: 'Desfazer' })
      .click();
    await expectToast(page, '3 posts restaurados.');
    const restored = await sql<{ id: string; scheduled_for: Date; queue_account_id: string | null }>(
      'SELECT id, scheduled_for, queue_account_id FROM suggested_posts WHERE id = ANY($1)',
      [ids],
    );
    for (const [i, id] of ids.entries()) {
      const row = restored.find((r) => r.id === id)!;
      expect(row.scheduled_for.getTime()).toBe(base.getTime() + i * DAY);
      expect(row.queue_account_id).toBeNull();
    }

    // The bar at 375 px with every action, and its confirmation.
    await page.reload();
    for (const id of ids) await page.locator(`[data-bulk-select="${id}"]`).check();
    await bar.getByText('3 selecionados').waitFor();
    await snapshot(page, 'bulk-queue-bar-375', { fullPage: false });
    await bar.getByRole('button', { name: 'Para a fila' }).click();
    await dialog.waitFor();
    await snapshot(page, 'bulk-queue-confirm-375', { fullPage: false });
    await scan(page, axe, 'bulk-queue-confirm', 'light-375');
    await page.keyboard.press('Escape');
    expect(axe.blocking(), axe.describeBlocking()).toEqual([]);
  }, 120_000);
});
