import { useEffect } from 'react';

/**
 * Scrolls what the keyboard focuses wholly clear of the sticky header and Save bar. The styles'
 * scroll-padding marks those bands, but Chromium leaves a focused element that is partly on screen
 * where it is, its lower part under the Save bar; 'nearest' moves it no further than needed. Focus
 * given by a click (not :focus-visible) is left where the pointer put it.
 */
export function useKeyboardFocusInView(): void {
  useEffect(() => {
    const reveal = (event: FocusEvent) => {
      const focused = event.target;
      if (focused instanceof HTMLElement && focused.matches(':focus-visible')) {
        focused.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      }
    };
    document.addEventListener('focusin', reveal);
    return () => document.removeEventListener('focusin', reveal);
  }, []);
}
