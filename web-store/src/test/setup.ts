import '@shop/web-kit/test/setup';

// jsdom implements neither dialogs nor scrolling; the app calls both.
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
