// Mantine's global styles; each component's own stylesheet comes with the component, in the
// chunk of the page that shows it (scripts/mantine-styles.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './a11y.css';

import { createRoot, hydrateRoot } from 'react-dom/client';
import { preloadForPath } from './app/preload';
import { Root } from './app/Root';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

preloadForPath(window.location.pathname);

// A public page rendered at build time (prerender.tsx), which the web sends only to a request
// without a session cookie: React takes over its markup, with "signed out" as the first session
// answer. Any other page starts empty and waits for the session.
if (root.hasAttribute('data-prerendered')) hydrateRoot(root, <Root signedOut />);
else createRoot(root).render(<Root />);
