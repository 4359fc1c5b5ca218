// The public pages' first screen, rendered at build time (scripts/prerender.ts bundles this file
// for Node, calls it, and writes dist/.prerendered/<page>.html). The web sends such a page to a
// request without a session cookie, so a first visit paints the landing or /auth from the HTML
// and its stylesheets alone; main.tsx then hydrates it. Never part of the browser's bundle.
import { prerender } from 'react-dom/static';
import { publicPageTitle } from './app/App';
import { setPrerenderPathname } from './app/navigation';
import { type PublicPage, publicPageFor } from './app/preload';
import { Root } from './app/Root';

/** The paths rendered at build time, each the only path its page is sent for. */
export const PRERENDERED_PATHS = ['/', '/auth'] as const;

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The document's title, as the page sets it once running. */
  title: string;
  page: PublicPage;
}

/** Renders what a visitor without a session sees at `pathname`, as the browser will render it. */
export async function renderPublicPage(pathname: (typeof PRERENDERED_PATHS)[number]): Promise<RenderedPage> {
  setPrerenderPathname(pathname);
  const page = publicPageFor(pathname);
  const { prelude } = await prerender(<Root signedOut />);
  const html = await new Response(prelude).text();
  return { html, title: publicPageTitle(page), page };
}
