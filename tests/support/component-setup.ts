import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// Screens are loaded lazily: the first test to open one also compiles its module, which on a
// loaded two-core machine (CI runs the suites with their workers side by side) can take more
// than the library's default second. A wait still fails, after these 5 s, when nothing comes.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Mantine reads.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
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
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
Element.prototype.scrollIntoView ??= () => {};
// jsdom has no FontFaceSet; Mantine's autosizing textarea listens on it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}
