import {
  createContext,
  type ReactElement,
  type ReactNode,
  type RefObject,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/**
 * Hydrating the server's page in one go was one long task on a phone (issue 35's blocking time). The
 * parts a page wraps in `HydrateLater` (what lies below the fold or stays closed at first) hydrate
 * after the rest, each in a task of its own. Meanwhile their server markup stays on screen: a subtree
 * that suspends while Preact hydrates keeps its DOM and is hydrated in place once it resumes.
 *
 * Preact keeps one DOM node for such a subtree, so the child must render exactly one element.
 * Parts may nest: a part inside a deferred one takes the next free turn when its parent hydrates, so
 * a whole page can be deferred without its own parts joining its task. Outside the first hydration
 * (the server's render, a page the browser renders itself, any later render) the child renders at once.
 */
export function HydrateLater({ children }: { children: ReactElement }) {
  // Preact hydrates a suspended part when it resumes without patching the DOM it finds: the part must
  // then draw what the server sent (its first render), and only after that what the page holds now (a
  // kept slip read, a price pushed meanwhile), as an ordinary update.
  const sent = useRef(children);
  const latest = useRef(children);
  latest.current = children;
  const turn = useRef<Turn | undefined>(undefined);
  return (
    <Suspense fallback={null}>
      <Gate sent={sent} latest={latest} turn={turn} />
    </Suspense>
  );
}

/** A deferred part's turn: the task it hydrates in, and whether that task has come. */
interface Turn {
  promise: Promise<void>;
  come: boolean;
}

let hydrating = false;
let lastTurn: Promise<void> = Promise.resolve();

/** True below a deferred part while it hydrates (its first render, in its turn). */
const InHydratingPart = createContext(false);

/** Whether what renders here is being hydrated: the page's own hydration, or a deferred part's. */
function useHydrating(): boolean {
  return useContext(InHydratingPart) || hydrating;
}

/**
 * Hydrates the page (`hydrateRoot`), leaving the `HydrateLater` parts to the turns that follow; settles
 * once the last of them is hydrated too (the page keeps `inert` until then: a tap on a part not yet
 * hydrated would do nothing).
 */
export async function hydrateInTurns(hydrate: () => void): Promise<void> {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
  // A part re-renders in the microtasks after its turn (a task later, it has), and may then queue the
  // turns of the parts inside it: wait until no turn is left.
  let awaited: Promise<void>;
  do {
    awaited = lastTurn;
    await awaited;
    await new Promise((resolve) => setTimeout(resolve, 0));
  } while (awaited !== lastTurn);
}

/** A promise settled in a later task than the one before it: one deferred part per task. */
function nextTurn(): Promise<void> {
  lastTurn = lastTurn.then(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return lastTurn;
}

/** The next free turn, marked come once it has. */
function takeTurn(): Turn {
  const turn = { come: false } as Turn;
  turn.promise = nextTurn().then(() => {
    turn.come = true;
  });
  return turn;
}

function Gate({
  sent,
  latest,
  turn,
}: {
  sent: RefObject<ReactElement>;
  latest: RefObject<ReactElement>;
  turn: RefObject<Turn | undefined>;
}) {
  if (useHydrating() && !turn.current) turn.current = takeTurn();
  // Until its turn, the part stays suspended even when the page re-renders it sooner (a state set while
  // hydrating re-renders its parents in the same task): otherwise every part would hydrate right there,
  // in the one long task this is meant to split.
  if (turn.current && !turn.current.come) throw turn.current.promise;
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => setHydrated(true), []);
  // The provider is always there, so the part's tree keeps its shape when it switches to `latest`.
  return (
    <InHydratingPart.Provider value={turn.current !== undefined && !hydrated}>
      {hydrated ? latest.current : sent.current}
    </InHydratingPart.Provider>
  );
}

/**
 * Parts that draw nothing the server sent (the layout's data queries, the live session, popups and
 * toasts that appear later): mounted in a turn of their own after the page's hydration instead of in
 * it, where their hooks (a query observer each) were a share of the long task. Outside the first
 * hydration they mount at once.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(!useHydrating());
  const turn = useRef<Turn | undefined>(undefined);
  if (!ready && !turn.current) turn.current = takeTurn();
  useEffect(() => {
    if (ready) return;
    let live = true;
    void turn.current!.promise.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  return ready ? children : null;
}
