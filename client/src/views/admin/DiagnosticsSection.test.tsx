import { messages } from '@pauta/core';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { deferred, mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { DiagnosticsSection } from './DiagnosticsSection';

const text = messages.admin.diagnostics;

const RESULTS = [
  {
    id: 'app-url',
    status: 'fail',
    title: 'Endereço público (APP_URL)',
    detail: 'O navegador está em http://localhost:3000, mas APP_URL é https://pauta.exemplo.com.',
    fix: 'Defina APP_URL=http://localhost:3000 e reinicie web e worker.',
  },
  {
    id: 'smtp',
    status: 'warn',
    title: 'Email (SMTP)',
    detail: 'SMTP_URL não está definida.',
    fix: 'Defina SMTP_URL.',
  },
  {
    id: 'oauth-redirect-x',
    status: 'ok',
    title: 'URLs de retorno OAuth — X (Twitter)',
    detail: 'Cadastre exatamente esta URL no app do X.',
    fix: null,
    copy: ['https://pauta.exemplo.com/auth/callback?connection=true'],
  },
];

describe('Diagnóstico', () => {
  it('runs the checks with this browser origin, shows each with its fix and copies the redirect URI', async () => {
    const answer = deferred<typeof RESULTS>();
    const api = mockTrpc({ 'auth.session': signedIn(true), 'admin.doctor.run': () => answer.promise });
    const writeText = vi.fn(async () => {});
    Object.assign(navigator, { clipboard: { writeText } });
    render(<DiagnosticsSection />);
    expect(await screen.findByText(text.running)).toBeTruthy();
    expect(api.callsTo('admin.doctor.run')[0]?.input).toEqual({ origin: window.location.origin });
    answer.resolve(RESULTS);

    expect(await screen.findByText(text.summary(1, 1))).toBeTruthy();
    const appUrl = screen.getByRole('article', { name: 'Endereço público (APP_URL)' });
    expect(within(appUrl).getByText(text.status.fail)).toBeTruthy();
    expect(appUrl.textContent).toContain(`${text.fix} Defina APP_URL=http://localhost:3000`);
    expect(
      within(screen.getByRole('article', { name: 'Email (SMTP)' })).getByText(text.status.warn),
    ).toBeTruthy();

    const uri = 'https://pauta.exemplo.com/auth/callback?connection=true';
    fireEvent.click(screen.getByRole('button', { name: text.copyLabel(uri) }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(uri));
  });

  it('runs again on "Verificar de novo", the button disabled meanwhile', async () => {
    const api = mockTrpc({ 'auth.session': signedIn(true), 'admin.doctor.run': RESULTS });
    render(<DiagnosticsSection />);
    await screen.findByText(text.summary(1, 1));
    const again = deferred<typeof RESULTS>();
    api.set('admin.doctor.run', () => again.promise);
    const button = screen.getByRole('button', { name: text.rerun });
    fireEvent.click(button);
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    again.resolve(RESULTS.map((r) => ({ ...r, status: 'ok' })));
    expect(await screen.findByText(text.summary(0, 0))).toBeTruthy();
    expect(api.callsTo('admin.doctor.run')).toHaveLength(2);
  });

  it('says so when the checks cannot run', async () => {
    mockTrpc({
      'auth.session': signedIn(true),
      'admin.doctor.run': () => {
        throw new Error('boom');
      },
    });
    render(<DiagnosticsSection />);
    expect((await screen.findByRole('alert')).textContent).toContain(text.loadError);
  });
});
