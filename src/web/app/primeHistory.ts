/**
 * React Router's BrowserRouter numbers the history entry it starts on (`history.state.idx`) with a
 * `replaceState`, which costs a phone several milliseconds the first time, inside the hydration's
 * one long task (issue 35). Done here in a task of its own while the page waits for its words and
 * formatters, the router finds the entry numbered and leaves it. The same state it would write:
 * if the router has already started, or numbers entries otherwise one day, this changes nothing.
 */
export function primeHistoryEntry(): void {
  setTimeout(() => {
    const state = window.history.state as { idx?: unknown } | null;
    if (state?.idx == null) window.history.replaceState({ ...state, idx: 0 }, '');
  }, 0);
}
