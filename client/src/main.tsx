// Mantine's global styles; each component's own stylesheet comes with the component, in the
// chunk of the page that shows it (scripts/mantine-styles.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './a11y.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { AppProviders } from './app/AppProviders';
import { preloadForPath } from './app/preload';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

preloadForPath(window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <App />
    </AppProviders>
  </StrictMode>,
);
