/**
 * What every vitest run of the apps needs first: jest-dom's matchers, a clean page and storage after
 * each test, and the object URLs jsdom lacks. An app's own setup imports this and adds its own.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';

// The first render of a screen compiles its lazy chunk, on a machine shared with other builds.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // The request client's server-side tests run in Node, which has no storage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
});

// jsdom has no object URLs; a saved file or an image preview only needs a unique string.
if (!URL.createObjectURL) {
  let next = 0;
  URL.createObjectURL = () => `blob:test-${++next}`;
  URL.revokeObjectURL = () => undefined;
}
