// Issue 25, items 2–3 (docs/workspaces.md, "Members", "Invitations"): the owner creates a second
// cliente and invites an editor by email; the editor opens the emailed link, creates their account
// from it and lands in that cliente, where the team page is read-only; the owner removes them and
// the editor's open page loses the cliente within seconds (moved to their own, with the notice).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, scan } from './axe.js';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { uniqueEmail, waitForMail } from './db.js';
import { expectToast, PASSWORD, signUp } from './flows.js';
import { everyVariant } from './variants.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('equipe e convites', () => {
  it('invites an editor by email, who joins from the link; removed, their open page loses the cliente', async () => {
    const axe = new AxeReport();
    const owner = await newPage(browser);
    const ownerEmail = uniqueEmail('dona');
    await signUp(owner.page, ownerEmail, { firstName: 'Ana' });
    await owner.page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();

    // A second cliente.
    await owner.page.getByRole('button', { name: 'Novo cliente' }).first().click();
    const create = owner.page.getByRole('dialog', { name: 'Novo cliente' });
    await create.getByLabel(/^Nome do cliente/).fill('Padaria Pão Quente');
    await create.getByRole('button', { name: 'Criar cliente' }).click();
    await owner.page
      .getByRole('button', { name: 'Cliente atual: Padaria Pão Quente. Trocar de cliente' })
      .waitFor();
    const padaria = new URL(owner.page.url()).searchParams.get('cliente')!;
    expect(padaria).toMatch(/^[0-9a-f-]{36}$/);

    // Equipe: the owner alone, and the invitation dialog.
    await owner.page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Equipe' })
      .click();
    await owner.page.getByRole('heading', { level: 1, name: 'Equipe' }).waitFor();
    await owner.page.getByText(ownerEmail).waitFor();
    await everyVariant(owner.page, axe, 'members-owner', async () => {
      await owner.page.getByText(ownerEmail).waitFor();
    });
    const editorEmail = uniqueEmail('editor');
    await owner.page.getByRole('button', { name: 'Convidar pessoa' }).click();
    const invite = owner.page.getByRole('dialog', { name: 'Convidar para o cliente' });
    await invite.getByRole('button', { name: 'Enviar convite' }).click();
    await invite.getByText('Informe um email válido.').waitFor();
    await invite.getByLabel(/^Email/).fill(editorEmail);
    await snapshot(owner.page, 'members-invite-dialog-light-1280', { fullPage: false });
    await scan(owner.page, axe, 'invite-dialog', 'light-1280');
    await owner.page.setViewportSize({ width: 375, height: 812 });
    await snapshot(owner.page, 'members-invite-dialog-light-375', { fullPage: false });
    await scan(owner.page, axe, 'invite-dialog', 'light-375');
    await owner.page.setViewportSize({ width: 1280, height: 900 });
    await invite.getByRole('button', { name: 'Enviar convite' }).click();
    await expectToast(owner.page, `Convite enviado para ${editorEmail}.`);
    await owner.page.getByRole('listitem').filter({ hasText: editorEmail }).waitFor();

    // The email and its link.
    const mail = await waitForMail(editorEmail, /convite\?token=/);
    expect(mail).toContain('Padaria Pão Quente');
    const link = new URL(/https?:\/\/[^\s"<]+\/convite\?token=[A-Za-z0-9_.%-]+/.exec(mail)![0]);

    // The editor, signed out, opens it, creates an account and lands in the Padaria.
    const editor = await newPage(browser);
    await editor.page.goto(link.pathname + link.search);
    await editor.page.getByRole('heading', { name: 'Padaria Pão Quente' }).waitFor();
    await editor.page.getByText(/convidou você para trabalhar em Padaria Pão Quente como Editor/).waitFor();
    await everyVariant(editor.page, axe, 'invitation-accept', async () => {
      await editor.page.getByRole('heading', { name: 'Padaria Pão Quente' }).waitFor();
    });
    await expect(editor.page.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(editorEmail);
    await editor.page.getByLabel(/^Seu nome/).fill('Bruno Lima');
    await editor.page.getByLabel(/^Senha/).fill(PASSWORD);
    await editor.page.getByRole('button', { name: 'Criar conta e entrar' }).click();
    await editor.page
      .getByRole('button', { name: 'Cliente atual: Padaria Pão Quente. Trocar de cliente' })
      .waitFor({
        timeout: 30_000,
      });
    expect(new URL(editor.page.url()).searchParams.get('cliente')).toBe(padaria);

    // The editor sees the team, read-only.
    await editor.page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Equipe' })
      .click();
    await editor.page.getByText(ownerEmail).waitFor();
    await editor.page.getByText('Só o proprietário do cliente convida pessoas e muda papéis.').waitFor();
    await expect(editor.page.getByRole('button', { name: 'Convidar pessoa' }).count()).resolves.toBe(0);
    await snapshot(editor.page, 'members-editor-light-1280');
    await scan(editor.page, axe, 'members-editor', 'light-1280');
    // A used link says so.
    const used = await newPage(browser);
    await used.page.goto(link.pathname + link.search);
    await used.page.getByText(/Este convite já foi usado/).waitFor();
    await snapshot(used.page, 'invitation-used-light-375');
    await used.context.close();

    // The owner removes the editor; the editor's open page loses the cliente within seconds.
    await owner.page.reload();
    await owner.page.getByText(editorEmail).first().waitFor();
    await owner.page.getByRole('button', { name: 'Ações para Bruno Lima' }).click();
    await owner.page.getByRole('menuitem', { name: 'Remover do cliente' }).click();
    const confirm = owner.page.getByRole('dialog', { name: 'Remover membro' });
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expectToast(owner.page, 'Bruno Lima foi removido(a) do cliente.');
    const removedAt = Date.now();
    await editor.page
      .getByText('Você não faz mais parte de Padaria Pão Quente. Mostrando o seu espaço pessoal.', {
        exact: true,
      })
      .waitFor({ timeout: 20_000 });
    const seconds = (Date.now() - removedAt) / 1000;
    // The stream re-reads the membership every 5 s: the page reacts well within 15 s (2.3 s measured).
    expect(seconds).toBeLessThan(15);
    await editor.page.waitForFunction(
      (id) => new URL(location.href).searchParams.get('cliente') !== id,
      padaria,
    );
    await snapshot(editor.page, 'members-removed-notice-light-1280', { fullPage: false });
    expect(axe.blocking(), axe.describeBlocking()).toEqual([]);
    await owner.context.close();
    await editor.context.close();
  }, 240_000);
});
