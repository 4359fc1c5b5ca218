// Issue 11, item 5, as people live it: a visitor asks to erase an account from the public
// /data-deletion page; the administrator sees the request "Não confirmada" with no way to complete
// it; the owner opens the link emailed to the account (real SMTP server), confirms; the
// administrator then sees it "Confirmada" and can complete it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from './browser.js';
import { promoteToAdmin, sql, uniqueEmail, waitForMail } from './db.js';
import { expectToast, logIn, signUp } from './flows.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('data deletion with a proven owner', () => {
  it('an anonymous request waits for the emailed confirmation before an admin can complete it', async () => {
    // The account owner and an administrator.
    const ownerEmail = uniqueEmail('titular');
    const owner = await newPage(browser);
    await signUp(owner.page, ownerEmail, { firstName: 'Titular' });
    await owner.page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    await owner.context.close();
    const adminEmail = uniqueEmail('admdel');
    const admin = await newPage(browser);
    await signUp(admin.page, adminEmail);
    await admin.page.getByRole('heading', { name: 'Criar Novo Tema' }).waitFor();
    await promoteToAdmin(adminEmail);
    await logIn(admin.page, adminEmail);
    await admin.page.getByRole('button', { name: 'Administração' }).waitFor();

    // A visitor (anyone) asks for the owner's account to be erased.
    const visitor = await newPage(browser, { width: 375, height: 800 });
    await visitor.page.goto('/data-deletion');
    await visitor.page.getByLabel(/^Motivo da solicitação/).fill('Não uso mais a Pauta');
    await visitor.page.getByRole('button', { name: 'Enviar solicitação' }).click();
    await expectToast(visitor.page, 'Por favor, informe o email da sua conta.');
    await visitor.page.getByLabel(/^Email da conta/).fill(ownerEmail);
    await visitor.page.getByRole('button', { name: 'Enviar solicitação' }).click();
    await visitor.page.getByText('Solicitação enviada!').waitFor();
    await visitor.page.getByText(/Se houver uma conta com este email/).waitFor();
    await snapshot(visitor.page, 'data-deletion-sent-375');
    await visitor.context.close();

    // Not confirmed: the administrator cannot complete it.
    await admin.page.goto('/admin?section=deletion-requests');
    const card = admin.page.getByRole('article').filter({ hasText: ownerEmail });
    await card.getByText('Não confirmada').waitFor();
    await expect(card.getByRole('button', { name: 'Concluir exclusão' }).count()).resolves.toBe(0);
    await snapshot(admin.page, 'deletion-requests-unconfirmed-1280');

    // The owner opens the emailed link and confirms.
    const mail = await waitForMail(ownerEmail, /data-deletion\/confirm\?token=/);
    const link = new URL(
      /https?:\/\/[^\s"<]+\/data-deletion\/confirm\?token=[A-Za-z0-9_.%-]+/.exec(mail)![0],
    );
    const inbox = await newPage(browser);
    await inbox.page.goto(link.pathname + link.search);
    await inbox.page.getByRole('button', { name: 'Confirmar exclusão' }).waitFor();
    await snapshot(inbox.page, 'data-deletion-confirm-1280');
    await inbox.page.getByRole('button', { name: 'Confirmar exclusão' }).click();
    await inbox.page.getByText('Solicitação confirmada').waitFor();
    // The link works once.
    await inbox.page.goto(link.pathname + link.search);
    await inbox.page.getByRole('button', { name: 'Confirmar exclusão' }).click();
    await inbox.page.getByText('Link inválido ou expirado').waitFor();
    await inbox.context.close();

    // Confirmed: the administrator completes it and the account is gone.
    await admin.page.reload();
    await card.getByText('Confirmada', { exact: true }).waitFor();
    await snapshot(admin.page, 'deletion-requests-confirmed-1280');
    await card.getByRole('button', { name: 'Concluir exclusão' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Excluir dados' }).click();
    await expectToast(admin.page, 'Solicitação concluída: os dados do usuário foram excluídos.');
    await expect(sql('SELECT id FROM users WHERE email = $1', [ownerEmail])).resolves.toEqual([]);
    await admin.context.close();
  });
});
