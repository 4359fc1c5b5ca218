import { messages } from '@pauta/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '../lib/toast';
import { act, render, screen, waitFor } from '../test-utils/render';
import { shownToasts } from '../test-utils/toasts';
import { mockTrpc, signedIn } from '../test-utils/trpc-mock';
import { App } from './App';
import { navigate } from './navigation';

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts across views', () => {
  it('a new view hides the toasts of the earlier one, but keeps the one that reports the navigation', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-10T12:00:00Z'));
    mockTrpc({ 'auth.session': signedIn(true), 'auth.adminCheck': { isAdmin: false } });
    window.history.replaceState(null, '', '/settings');
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: messages.views.settings.title });

    act(() => showError(messages.common.error, 'Falha antiga'));
    await waitFor(() => expect(shownToasts().map((t) => t.message)).toContain('Falha antiga'));

    // Ten seconds later the person saves something and the app moves to another view.
    vi.setSystemTime(new Date('2026-11-10T12:00:10Z'));
    act(() => {
      showSuccess(messages.common.success, 'Acabou de acontecer');
      navigate('/themes');
    });
    await screen.findByRole('heading', { level: 1, name: messages.views.themes.title });
    await waitFor(() => expect(shownToasts().map((t) => t.message)).toEqual(['Acabou de acontecer']));
  });
});
