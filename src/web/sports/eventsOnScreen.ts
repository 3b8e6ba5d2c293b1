/**
 * The events on screen, for the live stream to follow only those: every element that shows an event's
 * live state carries `data-event="<id>"` (an event card, the event page, an open bet's leg). This is the
 * whole agreement with the components: they mark their elements; nothing else needs telling.
 */

/** Cards this far below or above the viewport count as on screen, so a scroll finds their prices current. */
const MARGIN = '300px 0px';
/** DOM changes come in bursts (a list re-rendered): one scan per burst. */
const SCAN_MS = 100;

/**
 * Calls `onChange` with the ids of the events whose marked elements are on (or near) the screen,
 * whenever that set changes; answers the function that stops watching.
 */
export function watchEventsOnScreen(onChange: (ids: number[]) => void): () => void {
  if (typeof IntersectionObserver === 'undefined' || typeof MutationObserver === 'undefined') {
    return () => undefined;
  }
  const visible = new Map<Element, number>();
  const observed = new Set<Element>();
  let last = '';
  const report = () => {
    const ids = [...new Set(visible.values())].sort((a, b) => a - b);
    const key = ids.join(',');
    if (key === last) return;
    last = key;
    onChange(ids);
  };
  const intersections = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const id = Number((entry.target as HTMLElement).dataset.event);
        if (entry.isIntersecting && id > 0) visible.set(entry.target, id);
        else visible.delete(entry.target);
      }
      report();
    },
    { rootMargin: MARGIN },
  );
  let scanning: ReturnType<typeof setTimeout> | undefined;
  const scan = () => {
    scanning = undefined;
    for (const element of observed) {
      if (element.isConnected) continue;
      intersections.unobserve(element);
      observed.delete(element);
      visible.delete(element);
    }
    for (const element of document.querySelectorAll('[data-event]')) {
      if (observed.has(element)) continue;
      observed.add(element);
      intersections.observe(element);
    }
    report();
  };
  const mutations = new MutationObserver(() => {
    scanning ??= setTimeout(scan, SCAN_MS);
  });
  mutations.observe(document.body, { childList: true, subtree: true });
  scan();
  return () => {
    mutations.disconnect();
    intersections.disconnect();
    if (scanning) clearTimeout(scanning);
  };
}
