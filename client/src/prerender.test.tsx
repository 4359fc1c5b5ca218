// The build-time render of the public pages (prerender.tsx) is exactly the browser's first render
// of them: React hydrates the markup without a mismatch and keeps its nodes (the h1 painted from
// the HTML stays the page's h1), and asks nothing of the server (the session answer is the page).
import { messages } from '@pauta/core';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { Root } from './app/Root';
import { PRERENDERED_PATHS, renderPublicPage } from './prerender';

// act() outside testing-library's render: tell React this is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const H1: Record<(typeof PRERENDERED_PATHS)[number], string> = {
  '/': messages.landing.heroTitle,
  '/auth': messages.auth.loginTitle,
};

describe('renderPublicPage', () => {
  for (const pathname of PRERENDERED_PATHS) {
    it(`${pathname}: hydrates without a mismatch, keeping the markup's nodes, and sends no request`, async () => {
      window.history.replaceState(null, '', pathname);
      const fetch = vi.fn(() => Promise.reject(new Error('no request expected')));
      vi.stubGlobal('fetch', fetch);
      const { html, title } = await renderPublicPage(pathname);
      expect(html).toContain(H1[pathname]);
      expect(title).toBe(pathname === '/' ? 'Pauta' : `${messages.auth.loginTab} · Pauta`);

      // As index.html has it: #root, inert until hydrated (scripts/prerender.ts).
      const container = document.createElement('div');
      container.id = 'root';
      container.setAttribute('inert', '');
      container.innerHTML = html;
      document.body.append(container);
      const h1 = container.querySelector('h1');
      expect(h1?.textContent).toBe(H1[pathname]);
      const errors: unknown[] = [];
      const root = await act(async () =>
        hydrateRoot(container, <Root signedOut />, { onRecoverableError: (error) => errors.push(error) }),
      );
      // The page's chunk resolves (a lazy component), then the page is hydrated.
      await vi.waitFor(() => expect(container.querySelector('h1')).toBe(h1));
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(errors).toEqual([]);
      expect(container.querySelector('h1')).toBe(h1);
      expect(fetch).not.toHaveBeenCalled();
      expect(container.hasAttribute('inert')).toBe(false);
      act(() => root.unmount());
      container.remove();
    });
  }
});
