import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '../../test-utils/render';
import { deferred, mockTrpc } from '../../test-utils/trpc-mock';
import { DataDeletionForm } from './DataDeletionForm';

const text = messages.dataDeletion;

async function toast(title: string) {
  const titleNode = await screen.findByText(title, { selector: '.mantine-Notification-title' });
  return titleNode.closest('.mantine-Notification-root') as HTMLElement;
}

describe('data deletion form', () => {
  it('requires a reason (Campo obrigatório)', async () => {
    const api = mockTrpc({});
    render(<DataDeletionForm askEmail />);
    fireEvent.change(screen.getByLabelText(text.reasonLabel, { exact: false }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: text.submit }));
    const shown = await toast(text.requiredTitle);
    expect(within(shown).getByText(text.reasonRequired)).toBeTruthy();
    expect(api.callsTo('dataDeletion.submit')).toHaveLength(0);
  });

  it('counts the reason and refuses one over 2,000 characters whole, with a pt-BR message', async () => {
    const api = mockTrpc({});
    render(<DataDeletionForm askEmail />);
    const reason = screen.getByLabelText(text.reasonLabel, { exact: false }) as HTMLTextAreaElement;
    expect(screen.getByText(messages.common.characterCount(0, 2000))).toBeTruthy();
    fireEvent.change(reason, { target: { value: 'b'.repeat(2500) } });
    expect(reason.value).toHaveLength(2500);
    fireEvent.click(screen.getByRole('button', { name: text.submit }));
    const shown = await toast(messages.common.error);
    expect(within(shown).getByText(messages.common.tooLong(2000))).toBeTruthy();
    expect(api.callsTo('dataDeletion.submit')).toHaveLength(0);
  });

  it('sends the request and shows the 30-day promise', async () => {
    const answer = deferred<unknown>();
    const api = mockTrpc({ 'dataDeletion.submit': () => answer.promise });
    render(<DataDeletionForm askEmail />);
    fireEvent.change(screen.getByLabelText(text.emailLabel, { exact: false }), {
      target: { value: 'ana@example.com' },
    });
    fireEvent.change(screen.getByLabelText(text.reasonLabel, { exact: false }), {
      target: { value: 'Não uso mais' },
    });
    fireEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(await screen.findByRole('button', { name: text.submitting })).toBeTruthy();
    answer.resolve({ ok: true });
    expect(await screen.findByText(text.success)).toBeTruthy();
    // Logged out, the owner confirms through the link emailed to the account.
    expect(screen.getByText(text.confirmationNotice)).toBeTruthy();
    expect(api.callsTo('dataDeletion.submit')[0]?.input).toEqual({
      reason: 'Não uso mais',
      email: 'ana@example.com',
    });
  });

  it('logged out, requires the account email before sending', async () => {
    const api = mockTrpc({});
    render(<DataDeletionForm askEmail />);
    fireEvent.change(screen.getByLabelText(text.reasonLabel, { exact: false }), {
      target: { value: 'Não uso mais' },
    });
    fireEvent.click(screen.getByRole('button', { name: text.submit }));
    const shown = await toast(text.requiredTitle);
    expect(within(shown).getByText(text.emailRequired)).toBeTruthy();
    expect(api.callsTo('dataDeletion.submit')).toHaveLength(0);
  });

  it('signed in, sends no email and promises no confirmation link', async () => {
    const api = mockTrpc({ 'dataDeletion.submit': { ok: true } });
    render(<DataDeletionForm askEmail={false} />);
    expect(screen.queryByLabelText(text.emailLabel, { exact: false })).toBeNull();
    fireEvent.change(screen.getByLabelText(text.reasonLabel, { exact: false }), {
      target: { value: 'Motivo' },
    });
    fireEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(await screen.findByText(text.success)).toBeTruthy();
    expect(screen.queryByText(text.confirmationNotice)).toBeNull();
    expect(api.callsTo('dataDeletion.submit')[0]?.input).toEqual({ reason: 'Motivo' });
  });

  it('says so when sending fails', async () => {
    mockTrpc({
      'dataDeletion.submit': () => {
        throw new Error('down');
      },
    });
    render(<DataDeletionForm askEmail={false} />);
    fireEvent.change(screen.getByLabelText(text.reasonLabel, { exact: false }), {
      target: { value: 'Motivo' },
    });
    fireEvent.click(screen.getByRole('button', { name: text.submit }));
    const shown = await toast(messages.common.error);
    expect(within(shown).getByText(text.submitError)).toBeTruthy();
  });
});
