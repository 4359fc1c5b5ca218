import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '../test-utils/render';
import { App } from './App';
import { navigate } from './navigation';

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

describe('App routing', () => {
  it.each(['/', '/some/unknown/path'])('shows the landing page at %s', (path) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: messages.landing.heroTitle })).toBeTruthy();
  });

  it.each([
    ['/privacy-policy', messages.views['privacy-policy'].title],
    ['/data-deletion/', messages.views['data-deletion'].title],
  ])('shows the placeholder of %s', (path, title) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('goes to /auth on a plain click on Começar agora, and back to / with Voltar', () => {
    renderAt('/');
    fireEvent.click(screen.getByRole('link', { name: messages.landing.start }));
    expect(window.location.pathname).toBe('/auth');
    expect(screen.getByRole('radio', { name: messages.auth.loginTab })).toBeTruthy();
    expect(screen.getByRole('radio', { name: messages.auth.signupTab })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: messages.auth.back }));
    expect(window.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { level: 1, name: messages.landing.heroTitle })).toBeTruthy();
  });

  it('leaves modified clicks (new tab) to the browser', () => {
    renderAt('/');
    let preventedByApp: boolean | undefined;
    // Runs after React's handler; stops jsdom from attempting the real navigation.
    const observe = (event: MouseEvent) => {
      preventedByApp = event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', observe);
    fireEvent.click(screen.getByRole('link', { name: messages.landing.start }), { ctrlKey: true });
    document.removeEventListener('click', observe);
    expect(preventedByApp).toBe(false);
    expect(window.location.pathname).toBe('/');
  });

  it('follows navigate() and the browser Back button (popstate)', () => {
    renderAt('/');
    act(() => navigate('/privacy-policy'));
    expect(
      screen.getByRole('heading', { level: 1, name: messages.views['privacy-policy'].title }),
    ).toBeTruthy();
    act(() => {
      window.history.replaceState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('heading', { level: 1, name: messages.landing.heroTitle })).toBeTruthy();
  });
});
