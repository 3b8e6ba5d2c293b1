import type { SportEvent } from '../../src/shared/contract/sports-api.ts';
import { applyEventDelta, type EventDelta } from '../../src/shared/sports/event-delta.ts';
import type { SseClient, SseEvent } from './sse.ts';

/** An event as a window following /sports/live holds it after these messages (`event`, then its `delta`s). */
export function liveEventOf(events: SseEvent[], id: number): SportEvent | undefined {
  let held: SportEvent | undefined;
  for (const { event, data } of events) {
    if ((data as { id?: number }).id !== id) continue;
    if (event === 'event') held = data as SportEvent;
    else if (event === 'delta' && held) held = applyEventDelta(held, data as EventDelta);
    else if (event === 'gone') held = undefined;
  }
  return held;
}

/** The price of a selection of the event's first market, as the window holds it. */
export const livePriceOf = (events: SseEvent[], id: number, selectionKey: string) =>
  liveEventOf(events, id)?.markets[0]?.selections.find((s) => s.key === selectionKey)?.price;

/** Waits until the event, as the window holds it, matches. */
export function waitForLive(
  stream: SseClient,
  id: number,
  match: (event: SportEvent) => boolean,
  ms = 3_000,
): Promise<unknown> {
  return stream.waitFor(() => {
    const held = liveEventOf(stream.events, id);
    return held !== undefined && match(held);
  }, ms);
}

/** The messages a stream got about one event. */
export const messagesAbout = (stream: SseClient, id: number) =>
  stream.events.filter((e) => (e.data as { id?: number }).id === id);
