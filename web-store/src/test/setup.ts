import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { browserQueryClient } from '../queryClient';

// The machine is shared with other builds: give lazy routes time to load under load.
configure({ asyncUtilTimeout: 5000 });

// jsdom implements neither dialogs nor scrolling; the app calls both.
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  // The browser's one cache outlives a page; each test is a new visit.
  browserQueryClient().clear();
});

// jsdom has no object URLs; a saved file only needs one to hand to its link.
if (!URL.createObjectURL) {
  let next = 0;
  URL.createObjectURL = () => `blob:test-${++next}`;
  URL.revokeObjectURL = () => undefined;
}
