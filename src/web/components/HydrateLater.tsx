import { type ReactElement, Suspense } from 'react';

/**
 * Hydrating the server's page in one go was one long task on a phone (issue 35's blocking time). The
 * parts a page wraps in `HydrateLater` (what lies below the fold or stays closed at first) hydrate
 * after the rest, each in a task of its own. Meanwhile their server markup stays on screen: a subtree
 * that suspends while Preact hydrates keeps its DOM and is hydrated in place once it resumes.
 *
 * Preact keeps one DOM node for such a subtree, so the child must render exactly one element.
 * Outside the first hydration (the server's render, a page the browser renders itself, any later
 * render) the child renders at once.
 */
export function HydrateLater({ children }: { children: ReactElement }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}

let hydrating = false;
let lastTurn: Promise<void> = Promise.resolve();

/** Hydrates the page (`hydrateRoot`), leaving the `HydrateLater` parts to the turns that follow. */
export function hydrateInTurns(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

/** A promise settled in a later task than the one before it: one deferred part per task. */
function nextTurn(): Promise<void> {
  lastTurn = lastTurn.then(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return lastTurn;
}

function Gate({ children }: { children: ReactElement }) {
  if (hydrating) throw nextTurn();
  return children;
}
