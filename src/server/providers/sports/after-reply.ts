/**
 * Work a request starts and does not wait for (the desk's ticker alerts on a placement: they decide
 * nothing about the bet), run once the reply is on its way. An error is logged. `idle()` resolves once
 * everything started so far has finished (the tests read the alerts after it; the app waits for it
 * before it closes the database). A crash loses what had not finished, as a crash between the bet and
 * its alerts always could.
 */
export function afterReply(onError: (error: unknown) => void) {
  const running = new Set<Promise<void>>();
  return {
    run(work: () => Promise<unknown>): void {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (error: unknown) => onError(error),
        )
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

export type AfterReply = ReturnType<typeof afterReply>;
