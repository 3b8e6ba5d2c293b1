import { startTransition, useEffect, useRef, useState } from 'react';

/** Cards rendered at first: a phone's first screen and a little more. */
export const FIRST_CARDS = 16;
/** Cards added each time the end of what is rendered comes near the screen. */
const MORE_CARDS = 16;
/** How far below the screen the end may be before more are rendered. */
const AHEAD = '1200px 0px';

/**
 * Incremental rendering of a long list: the first cards at once, then more as the member scrolls
 * toward the end (a sentinel element watched by an IntersectionObserver), each step in a transition so
 * a tap is never kept waiting. Cards off screen skip layout and paint (`content-visibility: auto` in
 * the CSS), so 500 matches cost what the screen shows. Answers how many to render and the sentinel's ref.
 */
export function useIncremental(total: number) {
  const [count, setCount] = useState(FIRST_CARDS);
  const sentinel = useRef<HTMLDivElement | null>(null);
  const more = count < total;
  // biome-ignore lint/correctness/useExhaustiveDependencies: observed again after each step, so a sentinel still near the screen asks for the next
  useEffect(() => {
    const element = sentinel.current;
    if (!more || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setCount((c) => c + MORE_CARDS));
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [more, count]);
  return { count: Math.min(count, total), sentinel, more };
}
