import { useEffect, useLayoutEffect } from 'react';
import { dismissFirstLook } from '../boot/firstLook';

/**
 * Takes away the first look the first-screen script painted (boot/firstLook.ts) once the page's
 * own first screen is rendered (`shown`: its answer is in, or its failure), and when the page
 * goes, whatever it showed. It goes before the browser paints, so the page and the look are never
 * on screen (or found by a query) together; the page's pictures are the files the look loaded.
 */
export function useFirstLookEnd(shown: boolean): void {
  useLayoutEffect(() => {
    if (shown) dismissFirstLook();
  }, [shown]);
  useEffect(() => dismissFirstLook, []);
}
