// @vitest-environment happy-dom
import { useLayoutEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AfterHydration, HydrateLater, hydrateInTurns } from './HydrateLater.tsx';

/** Every render of a deferred part, by name, in order. */
const renders: string[] = [];

function Part({ name }: { name: string }) {
  renders.push(name);
  return <p data-part={name}>{name}</p>;
}

/** A page that sets state while it hydrates (as a layout effect does), so it re-renders in that same task. */
function Page() {
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => setHydrated(true), []);
  return (
    <main data-hydrated={hydrated ? 'yes' : undefined}>
      <h1>first screen</h1>
      <HydrateLater>
        <Part name="footer" />
      </HydrateLater>
      <HydrateLater>
        <Part name="tab-bar" />
      </HydrateLater>
    </main>
  );
}

/** Runs what is queued as microtasks (Preact's re-renders), but no timer: the same task, as it were. */
async function restOfTheTask(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

describe('HydrateLater', () => {
  it('hydrates each part in a task of its own after the page, even when the page re-renders while hydrating', async () => {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Page />);
    document.body.append(root);
    const sent = [...root.querySelectorAll('[data-part]')];
    renders.length = 0;

    const done = hydrateInTurns(() => hydrateRoot(root, <Page />));
    await restOfTheTask();
    // The page itself is hydrated and has re-rendered; its deferred parts have not been touched.
    expect(root.querySelector('main')?.getAttribute('data-hydrated')).toBe('yes');
    expect(renders).toEqual([]);

    await new Promise((resolve) => setTimeout(resolve, 0));
    await restOfTheTask();
    // One part per task: the first has had its turn, the second not yet.
    expect(renders.filter((r) => r === 'tab-bar')).toEqual([]);
    expect(renders).toContain('footer');

    await done;
    expect(renders).toContain('tab-bar');
    // Hydrated in place: the nodes the server sent are the ones on the page.
    expect([...root.querySelectorAll('[data-part]')]).toEqual(sent);
    expect(sent.every((node) => node.isConnected)).toBe(true);
    root.remove();
  });

  it('hydrates the parts inside a deferred part each in a later task of its own, and waits for them all', async () => {
    function Outer() {
      renders.push('outer');
      return (
        <section data-part="outer">
          <HydrateLater>
            <Part name="inner-1" />
          </HydrateLater>
          <HydrateLater>
            <Part name="inner-2" />
          </HydrateLater>
        </section>
      );
    }
    const page = (
      <main>
        <h1>first screen</h1>
        <HydrateLater>
          <Outer />
        </HydrateLater>
      </main>
    );
    const root = document.createElement('div');
    root.innerHTML = renderToString(page);
    document.body.append(root);
    const sent = [...root.querySelectorAll('[data-part]')];
    renders.length = 0;

    let settled = false;
    const done = hydrateInTurns(() => hydrateRoot(root, page)).then(() => {
      settled = true;
    });
    const tasks: string[][] = [];
    const settledBy: boolean[] = [];
    for (let task = 0; task < 4; task++) {
      await restOfTheTask();
      tasks.push(renders.splice(0));
      settledBy.push(settled);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    // The page's task, then the outer part alone, then each inner part in a task of its own.
    expect(tasks.map((names) => names.filter((n, i) => names.indexOf(n) === i))).toEqual([
      [],
      ['outer'],
      ['inner-1'],
      ['inner-2'],
    ]);
    // The page stays inert until the last inner part is hydrated.
    expect(settledBy).toEqual([false, false, false, false]);
    await done;
    expect([...root.querySelectorAll('[data-part]')]).toEqual(sent);
    expect(sent.every((node) => node.isConnected)).toBe(true);
    root.remove();
  });

  it('mounts what draws nothing the server sent after the hydration, in a task of its own; at once outside it', async () => {
    const mounted: string[] = [];
    function Loader({ name }: { name: string }) {
      useLayoutEffect(() => {
        mounted.push(name);
      }, [name]);
      return null;
    }
    const page = (name: string) => (
      <main>
        <AfterHydration>
          <Loader name={name} />
        </AfterHydration>
        <p>first screen</p>
      </main>
    );
    const root = document.createElement('div');
    root.innerHTML = renderToString(page('server'));
    document.body.append(root);
    const sent = root.querySelector('p');
    mounted.length = 0;

    const done = hydrateInTurns(() => hydrateRoot(root, page('hydrated')));
    await restOfTheTask();
    // Not in the hydration's own task.
    expect(mounted).toEqual([]);
    await done;
    expect(mounted).toEqual(['hydrated']);
    expect(root.querySelector('p')).toBe(sent);
    root.remove();

    // A page the browser renders itself (no hydration) has it at once.
    const fresh = document.createElement('div');
    document.body.append(fresh);
    const { createRoot } = await import('react-dom/client');
    createRoot(fresh).render(page('rendered'));
    await restOfTheTask();
    expect(mounted).toEqual(['hydrated', 'rendered']);
    fresh.remove();
  });
});
