// Issue 31, per-network post options (docs/post-options.md) in Chromium against the sandbox: a
// Google Meu Negócio post becomes an Evento in Editar Post's "Opções do Google Meu Negócio" (its
// title, start and end), a time without its day is refused in pt-BR before saving, the options are stored,
// and the worker sends Google a LocalPost with topicType EVENT and its schedule, exactly once.
// Screenshots of the section at 1280 and 375 px (e2e/artifacts/post-options-*.png).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from './axe.js';
import { launchBrowser, newPage } from './browser.js';
import { sql, uniqueEmail } from './db.js';
import { e2eEnv } from './env.js';
import { mutateInPage, signUp } from './flows.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const CONTENT = 'Feira de Natal na padaria: doces, panetones e café. Venha!';
const artifact = (name: string) => new URL(`../artifacts/${name}.png`, import.meta.url).pathname;

describe('Opções do Google Meu Negócio', () => {
  it('makes a post an Evento, refuses it without its days in pt-BR, stores it and publishes an EVENT', {
    timeout: 150_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('opcoes-post');
    await signUp(page, email);
    await page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

    await page.goto('/connected-accounts');
    const card = page.getByRole('article', { name: 'Conta Google Meu Negócio', exact: true });
    await card.getByRole('button', { name: 'Conectar' }).click();
    const picker = page.getByRole('dialog', { name: 'Escolha o Perfil da Empresa no Google' });
    await picker.waitFor({ timeout: 20_000 });
    await picker.getByRole('radio').first().check();
    await picker.getByRole('button', { name: 'Conectar local' }).click();
    await picker.waitFor({ state: 'detached' });
    const [location] = await sql<{ platform_user_id: string }>(
      `SELECT a.platform_user_id FROM connected_accounts a JOIN users u ON u.id = a.user_id
       WHERE u.email = $1 AND a.is_active AND a.platform = 'google_business'`,
      [email],
    );
    expect(location?.platform_user_id).toMatch(/^accounts\/\d+\/locations\/\d+$/);

    const [{ id: userId }] = (await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      email,
    ])) as [{ id: string }];
    const [{ id: themeId }] = (await sql<{ id: string }>(
      `INSERT INTO themes (user_id, name, description, tone_of_voice, social_networks, frequency, color_palette)
       VALUES ($1, 'Padaria', 'Novidades da loja', ARRAY['casual'], ARRAY['google_business'], 'daily', 'blue') RETURNING id`,
      [userId],
    )) as [{ id: string }];
    const [{ id: postId }] = (await sql<{ id: string }>(
      `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for)
       VALUES ($1, $2, 'Feira de Natal', $3, 'google_business', 1, now() + interval '2 days') RETURNING id`,
      [themeId, userId, CONTENT],
    )) as [{ id: string }];

    const openEditor = async () => {
      await page.goto('/scheduled-posts');
      await page
        .getByRole('article', { name: 'Feira de Natal', exact: true })
        .getByRole('button', { name: 'Editar' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Editar Post' });
      await dialog.waitFor();
      return dialog;
    };
    const dialog = await openEditor();
    const section = dialog.getByRole('region', { name: 'Opções do Google Meu Negócio' });
    await section.waitFor();
    // A Novidade by default; choosing Evento shows its fields.
    await section.getByText('Evento', { exact: true }).click();
    await section.getByRole('textbox', { name: 'Título do evento' }).fill('Feira de Natal');
    await section.getByRole('textbox', { name: 'Início do evento: horário' }).fill('10:00');
    await section.getByRole('textbox', { name: 'Fim do evento: horário' }).fill('18:00');
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    // A time without its day is not a date yet.
    await section.getByText('Informe uma data e uma hora válidas em “Início do evento”.').waitFor();
    const [unsaved] = await sql<{ network_options: unknown; version: number }>(
      'SELECT network_options, version FROM suggested_posts WHERE id = $1',
      [postId],
    );
    expect(unsaved).toEqual({ network_options: {}, version: 1 });

    for (const label of ['Início do evento', 'Fim do evento']) {
      await section.getByRole('button', { name: `${label}: data` }).click();
      await page.getByRole('dialog').last().getByRole('button', { name: /^20 / }).first().click();
    }
    await section
      .getByText('Informe uma data e uma hora válidas em “Início do evento”.')
      .waitFor({ state: 'detached' });
    await section.scrollIntoViewIfNeeded();
    await settle(page);
    await section.screenshot({ path: artifact('post-options-event-1280') });
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const [saved] = await sql<{ network_options: Record<string, string> }>(
      'SELECT network_options FROM suggested_posts WHERE id = $1',
      [postId],
    );
    expect(saved!.network_options).toMatchObject({ postType: 'EVENT', eventTitle: 'Feira de Natal' });
    expect(saved!.network_options.eventStart).toMatch(/^\d{4}-\d{2}-20T10:00$/);
    expect(saved!.network_options.eventEnd).toMatch(/^\d{4}-\d{2}-20T18:00$/);

    // On a phone: the section reopens with the stored Evento, nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    const phone = await openEditor();
    const phoneSection = phone.getByRole('region', { name: 'Opções do Google Meu Negócio' });
    await expect(phoneSection.getByRole('textbox', { name: 'Título do evento' }).inputValue()).resolves.toBe(
      'Feira de Natal',
    );
    await phoneSection.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: artifact('post-options-event-375') });
    await page.keyboard.press('Escape');
    await phone.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Due in a few seconds: the worker sends an EVENT with its schedule, once.
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
    const sandboxUrl = e2eEnv().sandboxUrl;
    const calls = (await (
      await fetch(
        `${sandboxUrl}/__sandbox/requests?host=mybusiness.googleapis.com&pathPrefix=/v4/${location!.platform_user_id}/localPosts&method=POST`,
      )
    ).json()) as { requests: { body: Record<string, unknown> }[] };
    const creates = calls.requests.filter((r) => r.body.summary === CONTENT);
    expect(creates).toHaveLength(1);
    expect(creates[0]!.body).toMatchObject({
      topicType: 'EVENT',
      event: {
        title: 'Feira de Natal',
        schedule: { startTime: { hours: 10, minutes: 0 }, endTime: { hours: 18, minutes: 0 } },
      },
    });
    await context.close();
  });
});
