import { useDeferredValue } from 'react';

/**
 * False in a page's first render and true from the render React does right after it, in the
 * background (useDeferredValue's initial value): what lies below the first screen waits for that
 * render, so the first paint does not (on a phone's CPU, the list's 24 cards took as long to render
 * as the rest of the page).
 */
export function useBelowTheFold(): boolean {
  return useDeferredValue(true, false);
}
