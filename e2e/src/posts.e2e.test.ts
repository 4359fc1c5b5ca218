// Issue "Scheduled posts, a content calendar, published posts and the dashboard", in Chromium,
// on posts seeded for a user who signed up through the UI.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { expectToast, signUp } from './flows.js';

let browser: Browser;
let page: Page;
let close: () => Promise<void>;
let userId: string;
const DAY = 86_400_000;

/** 10:00 in São Paulo (13:00Z) `days` days from today. */
function at(days: number, hourUtc = 13): Date {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d;
}

async function seedTheme(name: string, color: string, networks: string[]): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
     VALUES ($1, $2, 'Descrição', ARRAY['professional'], $3::text[], 'daily', $4) RETURNING id`,
    [userId, name, networks, color],
  );
  return row!.id;
}

async function seedPost(themeId: string, title: string, platform: string, when: Date): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
     VALUES ($1, $2, $3, $4, $5, 1, $6) RETURNING id`,
    [themeId, userId, title, `Conteúdo de ${title}`, platform, when],
  );
  return row!.id;
}

let blue: string;
let green: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser);
  page = opened.page;
  close = () => opened.context.close();
  const email = uniqueEmail('posts');
  await signUp(page, email);
  await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
  userId = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
  blue = await seedTheme('Tema Azul', 'blue', ['linkedin', 'x']);
  green = await seedTheme('Tema Verde', 'green', ['facebook']);
  await seedPost(blue, 'Azul LinkedIn 2d', 'linkedin', at(2));
  await seedPost(blue, 'Azul X 4d', 'x', at(4));
  await seedPost(green, 'Verde Facebook 6d', 'facebook', at(6));
  await seedPost(green, 'Verde Facebook 8d', 'facebook', at(8));
});
afterAll(async () => {
  await close?.();
  await browser?.close();
});

describe('Posts Agendados', () => {
  it('lists every scheduled post by date and filters by theme and platform', async () => {
    await page.goto('/scheduled-posts');
    await page.getByText('Azul LinkedIn 2d').first().waitFor();
    await snapshot(page, 'scheduled-posts-1280');
    const all = await page.getByText(/^(Azul|Verde) .*\dd$/).allInnerTexts();
    expect([...new Set(all)]).toEqual([
      'Azul LinkedIn 2d',
      'Azul X 4d',
      'Verde Facebook 6d',
      'Verde Facebook 8d',
    ]);

    await page.goto(`/scheduled-posts?theme=${green}`);
    await page.getByText('Verde Facebook 6d').first().waitFor();
    await expect(page.getByText('Azul LinkedIn 2d').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Excluir Posts Filtrados (2)' }).waitFor();

    await page.goto('/scheduled-posts');
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page
      .getByRole('region', { name: 'Filtros' })
      .getByLabel('Plataforma', { exact: true })
      .first()
      .click();
    await page.getByRole('option', { name: /^X/ }).click();
    await page.getByText('Azul X 4d').first().waitFor();
    await expect.poll(() => page.getByText('Azul LinkedIn 2d').count()).toBe(0);
    await expect(page.getByText('Verde Facebook 6d').count()).resolves.toBe(0);
  });

  it('edits a post’s text and time', async () => {
    const id = await seedPost(blue, 'Para editar', 'linkedin', at(3));
    await page.goto(`/scheduled-posts?theme=${blue}`);
    const card = page.getByRole('article').filter({ hasText: 'Para editar' });
    await card.getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Título/).fill('Editado pelo teste');
    await dialog.getByLabel(/^Conteúdo/).fill('Texto novo do post editado');
    await dialog.getByLabel(/^Horário/).fill('15:30');
    await snapshot(page, 'edit-post-1280');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, /atualizad/);
    const [row] = await sql<{ title: string; content: string; scheduled_for: Date; version: number }>(
      'SELECT title, content, scheduled_for, version FROM suggested_posts WHERE id = $1',
      [id],
    );
    expect(row).toMatchObject({
      title: 'Editado pelo teste',
      content: 'Texto novo do post editado',
      version: 2,
    });
    // 15:30 in São Paulo is 18:30Z, on the same day as before.
    expect(row!.scheduled_for.toISOString()).toBe(
      at(3, 18).toISOString().replace(':00:00.000Z', ':30:00.000Z'),
    );
  });

  it('deletes one post, then every filtered post', async () => {
    await page.goto(`/scheduled-posts?theme=${green}`);
    const card = page.getByRole('article').filter({ hasText: 'Verde Facebook 8d' });
    await card.getByRole('button', { name: 'Excluir' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Excluir/ })
      .click();
    await expectToast(page, 'Post excluído com sucesso.');
    await expect.poll(() => page.getByText('Verde Facebook 8d').count()).toBe(0);

    await page.getByRole('button', { name: 'Excluir Posts Filtrados (1)' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Excluir/ })
      .click();
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: string }>('SELECT count(*) AS n FROM suggested_posts WHERE theme_id = $1', [green])
          )[0]!.n,
      )
      .toBe('0');
    await page.getByRole('button', { name: 'Excluir Posts Filtrados (0)' }).click();
    await expectToast(page, 'Não há posts para excluir.');
  });

  it('reschedules by dragging a post to another day in the calendar', async () => {
    const id = await seedPost(blue, 'Arrastar', 'x', at(1));
    await page.goto(`/scheduled-posts?theme=${blue}`);
    await page.getByText('Calendário', { exact: true }).click();
    const chip = page.locator(`[data-post-id="${id}"]`);
    await chip.waitFor();
    await snapshot(page, 'calendar-1280');
    const day = (d: Date) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/Sao_Paulo',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(d);
    let target = page.locator(`[data-day="${day(at(2))}"]`);
    if ((await target.count()) === 0) target = page.locator(`[data-day="${day(at(0))}"]`);
    await chip.dragTo(target);
    await expectToast(page, 'Data de publicação atualizada com sucesso.');
    const [row] = await sql<{ scheduled_for: Date }>(
      'SELECT scheduled_for FROM suggested_posts WHERE id = $1',
      [id],
    );
    expect(row!.scheduled_for.getUTCHours()).toBe(13);
    expect(row!.scheduled_for.getTime()).not.toBe(at(1).getTime());
  });
});

describe('Posts Publicados and the dashboard', () => {
  it('shows seeded metrics with the right formats and labels', async () => {
    await sql(
      `INSERT INTO published_posts (user_id, theme_id, title, content, platform, published_at, reach, likes_count, comments_count, engagement_rate, metrics_updated_at, url)
       VALUES ($1, $2, 'Publicado com métricas', 'Texto', 'x', now() - interval '1 day', 1500, 999, 1000, 4.5, now(), 'https://x.com/i/web/status/1'),
              ($1, $2, 'Publicado sem métricas', 'Texto', 'linkedin', now() - interval '2 day', NULL, NULL, NULL, NULL, now(), NULL)`,
      [userId, blue],
    );
    await page.goto('/published-posts');
    const withMetrics = page.getByRole('article').filter({ hasText: 'Publicado com métricas' });
    await withMetrics.waitFor();
    for (const text of ['1,5k', '999', '1k', '4,5%'])
      await withMetrics.getByText(text, { exact: true }).first().waitFor();
    const without = page.getByRole('article').filter({ hasText: 'Publicado sem métricas' });
    await without.getByText('indisponível').first().waitFor();
    await without.getByText('N/A').first().waitFor();

    await page.goto('/dashboard');
    await page.getByText('Boa performance').waitFor();
    await page.getByText('Alcance moderado').waitFor();
    await page.getByText('1,5k').first().waitFor();
    await snapshot(page, 'dashboard-metrics-1280');
  });
});
