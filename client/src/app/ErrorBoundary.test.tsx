import { messages } from '@pauta/core';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '../test-utils/render';
import { mockTrpc, signedIn } from '../test-utils/trpc-mock';
import { App } from './App';

// Every view is a chunk of its own: this one "cannot be downloaded" (offline, or a tab opened
// before a new version replaced its files).
vi.mock('../views/settings/SettingsView', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a view that cannot be loaded', () => {
  it('says so inside the shell and offers Recarregar, instead of a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockTrpc({ 'auth.session': signedIn(true), 'auth.adminCheck': { isAdmin: false } });
    window.history.replaceState(null, '', '/settings');
    render(<App />);

    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(within(alert).getByText(messages.errors.boundaryTitle)).toBeTruthy();
    expect(within(alert).getByText(messages.errors.boundary)).toBeTruthy();
    expect(within(alert).getByRole('button', { name: messages.errors.reload })).toBeTruthy();
    // The rest of the app still works: the header and its navigation stay.
    expect(screen.getByRole('heading', { level: 1, name: messages.views.settings.title })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: messages.nav.mainNavigation })).toBeTruthy();
  });
});
