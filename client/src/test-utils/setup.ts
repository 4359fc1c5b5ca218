// jsdom lacks the layout APIs Mantine calls on mount; these stand-ins report "no match" and
// "no resize", which is all a component test needs. Each test starts on a fresh DOM at `/`.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

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

// jsdom implements scrollTo only as a "not implemented" error; navigation calls it.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});
