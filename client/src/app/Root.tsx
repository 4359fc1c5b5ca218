import { StrictMode } from 'react';
import { App } from './App';
import { AppProviders } from './AppProviders';

/**
 * The whole app, as the browser renders it (main.tsx) and as the build renders the public pages
 * (prerender.tsx): the two must be the same tree for the browser to take over the built markup.
 */
export function Root({ signedOut = false }: { signedOut?: boolean }) {
  return (
    <StrictMode>
      <AppProviders signedOut={signedOut}>
        <App />
      </AppProviders>
    </StrictMode>
  );
}
