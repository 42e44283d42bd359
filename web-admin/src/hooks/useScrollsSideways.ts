import { useLayoutEffect, useState, type RefObject } from 'react';

/** Whether the box's content is wider than the box, measured again whenever either changes size. */
export function useScrollsSideways(box: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The content grows as rows arrive, while the box keeps its width.
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [box]);
  return scrolls;
}
