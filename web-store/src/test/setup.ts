import '@shop/web-kit/test/setup';
import { browserQueryClient } from '../queryClient';

// jsdom implements neither dialogs nor scrolling; the app calls both.
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

// The browser's one cache outlives a page; each test is a new visit.
afterEach(() => {
  browserQueryClient().clear();
});
