import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';

// The first render of a screen compiles its lazy chunk; two slow cores need more than a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no object URLs; image previews only need a unique string per file.
if (!URL.createObjectURL) {
  let next = 0;
  URL.createObjectURL = () => `blob:preview-${++next}`;
  URL.revokeObjectURL = () => undefined;
}

// jsdom lays nothing out, so it has no ResizeObserver; charts keep their initial size.
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// Nor does it scroll: the layout's keyboard-focus scrolling has nothing to move.
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => undefined;
}
