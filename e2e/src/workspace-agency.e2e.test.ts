// Issue 25, "Done when" (docs/workspaces.md): an agency owner creates two clientes and connects a
// sandbox account in each; invites an editor to cliente A only, who accepts from the local mailbox
// link, works on A's calendar and cannot reach B by URL, by API or by a live event; a Cliente-role
// member approves a post from their own login and the owner's board shows it at once; removing the
// editor ends their open page's access within seconds. Screenshots at 1280 and 375 px, light and
// dark, each scanned by axe.

import { clientLinkMessages } from '@pauta/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { sql, uniqueEmail, waitForMail } from './db.js';
import { expectToast, PASSWORD, signUp } from './flows.js';
import { everyVariant } from './variants.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A tRPC call from the page, as the app makes it: the session cookie and the cliente's header. */
async function callInPage(
  page: Page,
  workspace: string,
  procedure: string,
  input: unknown,
  kind: 'query' | 'mutation',
  meta?: unknown,
): Promise<{ status: number; body: string }> {
  return page.evaluate(
    async ({ workspace, procedure, input, kind, meta }) => {
      const headers: Record<string, string> = { 'x-pauta-workspace': workspace };
      const res =
        kind === 'query'
          ? await fetch(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, {
              headers,
            })
          : await fetch(`/trpc/${procedure}`, {
              method: 'POST',
              headers: {
                ...headers,
                'content-type': 'application/json',
                'idempotency-key': crypto.randomUUID(),
              },
              body: JSON.stringify(meta ? { json: input, meta } : { json: input }),
            });
      return { status: res.status, body: await res.text() };
    },
    { workspace, procedure, input, kind, meta },
  );
}

/** Opens the live stream for a workspace from the page and returns its first message. */
async function firstLiveMessage(page: Page, workspace: string): Promise<string> {
  return page.evaluate(async (workspace) => {
    const params = encodeURIComponent(JSON.stringify({ workspace }));
    const controller = new AbortController();
    const res = await fetch(`/trpc/live.events?connectionParams=${params}`, {
      headers: { accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!/data:/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    controller.abort();
    return text;
  }, workspace);
}

async function createCliente(page: Page, name: string): Promise<string> {
  // With one cliente, a discreet icon; with several, an entry of the switcher's menu.
  const switcher = page.getByRole('button', { name: /^Cliente atual: / });
  if (await switcher.count()) {
    await switcher.click();
    await page.getByRole('menuitem', { name: 'Novo cliente' }).click();
  } else await page.getByRole('button', { name: 'Novo cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo cliente' });
  await dialog.getByLabel(/^Nome do cliente/).fill(name);
  await dialog.getByRole('button', { name: 'Criar cliente' }).click();
  await page.getByRole('button', { name: `Cliente atual: ${name}. Trocar de cliente` }).waitFor();
  return new URL(page.url()).searchParams.get('cliente')!;
}

/** "Conectar" X in the cliente named in the URL: the sandbox's consent, back to Contas Conectadas. */
async function connectXIn(page: Page, cliente: string) {
  await page.goto(`/connected-accounts?cliente=${cliente}`);
  await page.getByRole('article', { name: 'Conta X' }).getByRole('button', { name: 'Conectar' }).click();
  await page.waitForURL('**/connected-accounts**', { timeout: 20_000 });
  await page.getByRole('article', { name: 'Conta X' }).getByText('Conectado').first().waitFor();
}

/** A theme that requires approval and one X post in the given approval stage, written in SQL. */
async function seedPost(
  ownerId: string,
  workspace: string,
  title: string,
  stage: 'review' | 'client',
): Promise<string> {
  const [theme] = await sql<{ id: string }>(
    `INSERT INTO themes (user_id, workspace_id, name, description, tone_of_voice, social_networks, frequency,
       color_palette, requires_approval)
     VALUES ($1, $2, $3, 'Tema da agência', ARRAY['professional'], ARRAY['x'], 'weekly', 'blue', true)
     RETURNING id`,
    [ownerId, workspace, `Tema ${title}`],
  );
  const [post] = await sql<{ id: string }>(
    `INSERT INTO suggested_posts (theme_id, user_id, title, content, platform, post_order, scheduled_for,
       approval_stage)
     VALUES ($1, $2, $3, $4, 'x', 1, now() + interval '5 days', $5)
     RETURNING id`,
    [theme!.id, ownerId, title, `${title}: novidade da semana.`, stage],
  );
  return post!.id;
}

/** Accepts an emailed invitation in a new browser, creating the account; returns the page. */
async function acceptInvitation(email: string, cliente: string, name: string) {
  const mail = await waitForMail(email, /convite\?token=/);
  const link = new URL(/https?:\/\/[^\s"<]+\/convite\?token=[A-Za-z0-9_.%-]+/.exec(mail)![0]);
  const person = await newPage(browser);
  await person.page.goto(link.pathname + link.search);
  await person.page.getByRole('heading', { name: cliente }).waitFor();
  await person.page.getByLabel(/^Seu nome/).fill(name);
  await person.page.getByLabel(/^Senha/).fill(PASSWORD);
  await person.page.getByRole('button', { name: 'Criar conta e entrar' }).click();
  return person;
}

describe('uma agência com dois clientes', () => {
  it('an editor of A only works on A; a Cliente approves from their login; removal ends access', async () => {
    const axe = new AxeReport();
    const owner = await newPage(browser);
    const ownerEmail = uniqueEmail('agencia');
    await signUp(owner.page, ownerEmail, { firstName: 'Ana' });
    await owner.page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    const [ownerRow] = await sql<{ id: string }>('SELECT id FROM users WHERE email = $1', [ownerEmail]);
    const ownerId = ownerRow!.id;

    // Two clientes, a sandbox account connected in each.
    const a = await createCliente(owner.page, 'Padaria Aurora');
    const b = await createCliente(owner.page, 'Clínica Sorriso');
    await connectXIn(owner.page, a);
    await connectXIn(owner.page, b);
    const accounts = await sql<{ workspace_id: string }>(
      `SELECT workspace_id FROM connected_accounts WHERE user_id = $1 AND is_active ORDER BY workspace_id`,
      [ownerId],
    );
    expect(accounts.map((r) => r.workspace_id).sort()).toEqual([a, b].sort());
    const aPost = await seedPost(ownerId, a, 'Pão de fermentação natural', 'client');
    const bPost = await seedPost(ownerId, b, 'Clareamento dental', 'review');

    // The owner invites an editor to A only (the dialog), and a Cliente member to A.
    const editorEmail = uniqueEmail('editor-a');
    await owner.page.goto(`/members?cliente=${a}`);
    await owner.page.getByRole('heading', { level: 1, name: 'Equipe' }).waitFor();
    await owner.page.getByRole('button', { name: 'Convidar pessoa' }).click();
    const invite = owner.page.getByRole('dialog', { name: 'Convidar para o cliente' });
    await invite.getByLabel(/^Email/).fill(editorEmail);
    await invite.getByRole('button', { name: 'Enviar convite' }).click();
    await expectToast(owner.page, `Convite enviado para ${editorEmail}.`);
    const clientEmail = uniqueEmail('cliente-a');
    const invited = await callInPage(
      owner.page,
      a,
      'workspaces.invite',
      { email: clientEmail, role: 'client' },
      'mutation',
    );
    expect(invited.status, invited.body).toBe(200);

    // The editor accepts from the local mailbox and lands in A.
    const editor = await acceptInvitation(editorEmail, 'Padaria Aurora', 'Bruno Lima');
    await editor.page
      .getByRole('button', { name: 'Cliente atual: Padaria Aurora. Trocar de cliente' })
      .waitFor({ timeout: 30_000 });
    expect(new URL(editor.page.url()).searchParams.get('cliente')).toBe(a);

    // The editor works on A's calendar: A's post is there, B's is not; rescheduling A's post works.
    await editor.page.goto(`/scheduled-posts?cliente=${a}`);
    await editor.page.getByText('Pão de fermentação natural').first().waitFor();
    await expect(editor.page.getByText('Clareamento dental').count()).resolves.toBe(0);
    const later = new Date(Date.now() + 6 * 86_400_000).toISOString();
    const moved = await callInPage(
      editor.page,
      a,
      'posts.reschedule',
      { id: aPost, scheduledFor: later },
      'mutation',
      { values: { scheduledFor: ['Date'] } },
    );
    expect(moved.status, moved.body).toBe(200);
    const [rescheduled] = await sql<{ at: Date }>(
      'SELECT scheduled_for AS at FROM suggested_posts WHERE id = $1',
      [aPost],
    );
    expect(rescheduled!.at.toISOString().slice(0, 16)).toBe(later.slice(0, 16));
    await everyVariant(editor.page, axe, 'agency-editor-calendar', async () => {
      await editor.page.getByText('Pão de fermentação natural').first().waitFor();
    });

    // …and cannot reach B by URL (the app falls back, with the notice), by API or by a live event.
    await editor.page.goto(`/scheduled-posts?cliente=${b}`);
    await editor.page.getByText('Cliente indisponível').first().waitFor();
    await editor.page.waitForFunction((id) => new URL(location.href).searchParams.get('cliente') !== id, b);
    await expect(editor.page.getByText('Clareamento dental').count()).resolves.toBe(0);
    const listB = await callInPage(editor.page, b, 'posts.list', { limit: 50 }, 'query');
    expect(listB.status).toBe(404);
    expect(listB.body).toContain('WORKSPACE_UNAVAILABLE');
    expect(listB.body).not.toContain('Clareamento');
    const bInA = await callInPage(editor.page, a, 'posts.delete', { id: bPost }, 'mutation');
    expect(bInA.status).toBe(404);
    expect((await sql('SELECT 1 FROM suggested_posts WHERE id = $1', [bPost])).length).toBe(1);
    expect(await firstLiveMessage(editor.page, b)).toContain('WORKSPACE_UNAVAILABLE');
    expect(await firstLiveMessage(editor.page, a)).not.toContain('WORKSPACE_UNAVAILABLE');

    // The owner watches A's approval board while the Cliente member approves from their own login.
    await owner.page.goto(`/approval-board?cliente=${a}`);
    await owner.page.getByRole('heading', { name: 'Quadro de aprovação' }).waitFor();
    await owner.page
      .getByRole('region', { name: /^Aprovação do cliente \(/ })
      .getByText('Pão de fermentação natural')
      .first()
      .waitFor();
    const cliente = await acceptInvitation(clientEmail, 'Padaria Aurora', 'Carla Souza');
    await cliente.page.getByText('Aguardando sua aprovação').first().waitFor({ timeout: 30_000 });
    await cliente.page.getByText('Pão de fermentação natural').first().waitFor();
    await everyVariant(cliente.page, axe, 'agency-cliente-para-aprovar', async () => {
      await cliente.page.getByText('Pão de fermentação natural').first().waitFor();
    });
    await cliente.page.getByRole('button', { name: 'Aprovar', exact: true }).first().click();
    // The view answers in place (the link page's wording), not in a toast.
    await cliente.page
      .getByText(clientLinkMessages.approvedDone('Pão de fermentação natural'))
      .first()
      .waitFor();
    await expect
      .poll(
        async () =>
          (
            await sql<{ s: string }>('SELECT approval_stage AS s FROM suggested_posts WHERE id = $1', [aPost])
          )[0]?.s,
      )
      .toBe('approved');
    await owner.page
      .getByRole('region', { name: /^Aprovado \(/ })
      .getByText('Pão de fermentação natural')
      .first()
      .waitFor({ timeout: 15_000 });
    await snapshot(owner.page, 'agency-owner-board-approved-light-1280');

    // The owner removes the editor: the editor's open page loses A within seconds.
    await editor.page.goto(`/scheduled-posts?cliente=${a}`);
    await editor.page.getByText('Pão de fermentação natural').first().waitFor();
    await owner.page.goto(`/members?cliente=${a}`);
    await owner.page.getByText(editorEmail).first().waitFor();
    await owner.page.getByRole('button', { name: 'Ações para Bruno Lima' }).click();
    await owner.page.getByRole('menuitem', { name: 'Remover do cliente' }).click();
    await owner.page
      .getByRole('dialog', { name: 'Remover membro' })
      .getByRole('button', { name: 'Confirmar' })
      .click();
    await expectToast(owner.page, 'Bruno Lima foi removido(a) do cliente.');
    const removedAt = Date.now();
    await editor.page
      .getByText('Você não faz mais parte de Padaria Aurora. Mostrando o seu espaço pessoal.', {
        exact: true,
      })
      .waitFor({ timeout: 20_000 });
    expect((Date.now() - removedAt) / 1000).toBeLessThan(15);
    // The notice comes first; the page then reopens in the personal cliente (URL, then content).
    await editor.page.waitForFunction((id) => new URL(location.href).searchParams.get('cliente') !== id, a);
    await expect
      .poll(() => editor.page.getByText('Pão de fermentação natural').count(), { timeout: 15_000 })
      .toBe(0);
    const afterRemoval = await callInPage(editor.page, a, 'posts.list', { limit: 50 }, 'query');
    expect(afterRemoval.status).toBe(404);

    expect(axe.blocking(), axe.describeBlocking()).toEqual([]);
    for (const p of [owner, editor, cliente]) await p.context.close();
  }, 420_000);
});
