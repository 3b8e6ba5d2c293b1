/**
 * Follows a member's live-update stream (`/api/live`) and notes when each event arrived, so a run can
 * tell whether the stream kept receiving after a failover (the server's LISTEN came back).
 */
export function watchLiveStream(url: string, token: string) {
  const arrivals: number[] = [];
  const abort = new AbortController();
  const done = (async () => {
    const res = await fetch(`${url}/api/live`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) return;
      for (const line of decoder.decode(value, { stream: true }).split('\n')) {
        if (line.startsWith('event:') && !line.includes('ping')) arrivals.push(Date.now());
      }
    }
  })().catch(() => {});
  return {
    /** Events that arrived after `since` (ms since the epoch). */
    eventsSince: (since: number) => arrivals.filter((t) => t >= since).length,
    async stop() {
      abort.abort();
      await done;
    },
  };
}
