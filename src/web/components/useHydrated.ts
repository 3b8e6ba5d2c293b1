import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates it, true after (and at once
 * in a page the browser rendered itself): for what only the viewer's browser knows, such as its time
 * zone, which the server must leave out of the HTML it sends.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
