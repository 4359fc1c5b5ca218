// Which sides of a horizontally scrolling box hide content (issue 30: the approval board's last
// column was cut at 1280 px with no sign it scrolls). The box's frame draws a shadow on each such
// side and the view can say that more lies beyond.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ScrollEdges {
  /** Content hidden to the left. */
  before: boolean;
  /** Content hidden to the right. */
  after: boolean;
}

export function useScrollEdges<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState<ScrollEdges>({ before: false, after: false });

  const measure = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    // A pixel of slack: zoom and sub-pixel widths leave fractions.
    const before = box.scrollLeft > 1;
    const after = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    setEdges((current) =>
      current.before === before && current.after === after ? current : { before, after },
    );
  }, []);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(box);
    for (const child of Array.from(box.children)) observer?.observe(child);
    window.addEventListener('resize', measure);
    return () => {
      box.removeEventListener('scroll', measure);
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  });

  return { ref, edges, measure };
}
