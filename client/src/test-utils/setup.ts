// jsdom lacks the layout APIs Mantine calls on mount; these stand-ins report "no match" and
// "no resize", which is all a component test needs. Each test starts on a fresh DOM at `/`,
// without toasts, stubbed globals (the fake tRPC fetch) or spies.
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setCurrentWorkspaceId } from '../app/workspace';

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// Textarea autosize listens for web fonts finishing to load; jsdom has no FontFaceSet.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });

// jsdom implements scrollTo only as a "not implemented" error; navigation calls it.
window.scrollTo = () => {};

// findBy*/waitFor wait for what the person would wait for; on a loaded machine (the whole suite
// on 2 shared cores, the CI machine at times 2-3x slower still) a chart or a lazy view can take
// longer than testing-library's 1 s default; 10 s stays under the 20 s test limit.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
  setCurrentWorkspaceId(null);
  window.history.replaceState(null, '', '/');
});

// jsdom has no layout: Mantine's Combobox scrolls the selected option into view on a timer.
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}
