// "Envio automático": checks the recipients before sending (none for Mensal, a bad address, more
// than 10), saves with the button disabled while it runs and a success toast, and shows the
// server's refusal under the field.
import { reportScheduleMessages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { deferred, mockTrpc, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { ReportScheduleSection } from './ReportScheduleSection';

const text = reportScheduleMessages;
const OFF = { frequency: 'off', recipients: [], lastSent: null, timeZone: 'America/Manaus' };

async function pickFrequency(label: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: text.frequencyLabel }));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name: label }));
}

function recipientsField() {
  return screen.getByRole('textbox', { name: new RegExp(text.recipientsLabel) });
}

describe('Envio automático', () => {
  it('checks the recipients, then saves once with the button disabled while it runs', async () => {
    const answer = deferred<unknown>();
    const api = mockTrpc({ 'reportSchedules.get': OFF, 'reportSchedules.set': () => answer.promise });
    render(<ReportScheduleSection />);
    expect(await screen.findByRole('heading', { name: text.title })).toBeTruthy();
    expect(screen.queryByText(text.timeZone('America/Manaus'))).toBeNull();
    await pickFrequency(text.frequencies.monthly);
    // On, the card says in which zone the month ends and the email goes out (the owner's).
    expect(
      screen.getByText(
        'Dias e horário de envio no fuso America/Manaus, o do dono deste cliente (Configurações › Fuso horário).',
      ),
    ).toBeTruthy();
    const save = screen.getByRole('button', { name: text.save });
    fireEvent.click(save);
    expect(await screen.findByText(text.recipientsRequired)).toBeTruthy();

    fireEvent.change(recipientsField(), { target: { value: 'ana@cliente.com.br, bia' } });
    fireEvent.click(save);
    expect(await screen.findByText(text.recipientInvalid('bia'))).toBeTruthy();

    const eleven = Array.from({ length: 11 }, (_, i) => `p${i}@cliente.com.br`).join('\n');
    fireEvent.change(recipientsField(), { target: { value: eleven } });
    fireEvent.click(save);
    expect(await screen.findByText(text.recipientsTooMany)).toBeTruthy();
    expect(api.callsTo('reportSchedules.set')).toEqual([]);

    fireEvent.change(recipientsField(), {
      target: { value: 'Ana@Cliente.com.br\nbia@cliente.com.br; ana@cliente.com.br' },
    });
    fireEvent.click(save);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: text.saving }) as HTMLButtonElement).disabled).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: text.saving }));
    const saved = {
      frequency: 'monthly',
      recipients: ['ana@cliente.com.br', 'bia@cliente.com.br'],
      lastSent: null,
    };
    api.set('reportSchedules.get', saved);
    answer.resolve(saved);
    expect(await screen.findByText(text.saved.monthly)).toBeTruthy();
    expect(api.callsTo('reportSchedules.set').map((c) => c.input)).toEqual([
      { frequency: 'monthly', recipients: ['ana@cliente.com.br', 'bia@cliente.com.br'] },
    ]);
    cleanup();
  });

  it('shows the server refusal under the field and the last period sent', async () => {
    mockTrpc({
      'reportSchedules.get': {
        frequency: 'weekly',
        recipients: ['ana@cliente.com.br'],
        lastSent: {
          periodStart: '2026-10-26',
          periodEnd: '2026-11-01',
          sentAt: new Date('2026-11-02T12:00:00Z'),
        },
      },
      'reportSchedules.set': () => {
        throw new TrpcErrorResponse('BAD_REQUEST', 'VALIDATION_FAILED', {
          details: { field: 'recipients', recipientIssue: 'INVALID', recipient: 'ana@cliente' },
        });
      },
    });
    render(<ReportScheduleSection />);
    expect(await screen.findByText(/Último envio: relatório de 26\/10\/2026 a 01\/11\/2026/)).toBeTruthy();
    expect((recipientsField() as HTMLTextAreaElement).value).toBe('ana@cliente.com.br');
    fireEvent.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(text.recipientInvalid('ana@cliente'))).toBeTruthy();
    cleanup();
  });
});
