import '@shop/web-kit/test/setup';

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
