import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SESSION_KEY, type Session, useSession } from './queries.ts';

/**
 * While logged in, the member's state (balances, note and help counts) arrives pushed over
 * Server-Sent Events (/api/live) as soon as it changes, in the health check's shape, so the
 * header and the SPEC §4 count alerts follow it at once. EventSource reconnects by itself; the
 * 30-s health check stays as the fallback. An `end` event means the session is over.
 */
export function useLiveSession(): void {
  const queryClient = useQueryClient();
  const loggedIn = Boolean(useSession().data);

  useEffect(() => {
    if (!loggedIn || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/live');
    source.addEventListener('state', (event) => {
      queryClient.setQueryData<Session>(SESSION_KEY, JSON.parse((event as MessageEvent<string>).data));
    });
    source.addEventListener('end', () => {
      source.close();
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    });
    return () => source.close();
  }, [loggedIn, queryClient]);
}
