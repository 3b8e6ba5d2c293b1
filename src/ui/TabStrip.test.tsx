// @vitest-environment happy-dom
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { TabStrip } from './TabStrip.tsx';

const TABS = ['single', 'multiple', 'system'] as const;
type Tab = (typeof TABS)[number];

function Slip({ legs }: { legs: number }) {
  const [tab, setTab] = useState<Tab>('single');
  return (
    <>
      <TabStrip<Tab>
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        label={(name) => name.toUpperCase()}
        disabled={(name) => name === 'system' && legs < 3}
        className="strip"
        tabClass={(_, chosen) => (chosen ? 'on' : 'off')}
        ariaLabel="bet kind"
      />
      <p data-shown={tab}>{tab}</p>
    </>
  );
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
let host: HTMLElement | undefined;
afterEach(() => host?.remove());

async function mount(legs: number) {
  host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<Slip legs={legs} />);
  await settle();
  const tabs = () => [...host!.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const shown = () => host!.querySelector('[data-shown]')!.getAttribute('data-shown');
  const key = async (name: string) => {
    host!
      .querySelector('[role="tablist"]')!
      .dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
    await settle();
  };
  return { tabs, shown, key };
}

describe('a row of tabs', () => {
  it('is a tab list a screen reader can read: the chosen tab marked, a disabled one disabled', async () => {
    const { tabs } = await mount(2);
    const list = host!.querySelector('[role="tablist"]')!;
    expect(list.getAttribute('aria-label')).toBe('bet kind');
    expect(list.className).toBe('strip');
    expect(
      tabs().map((t) => [t.textContent, t.getAttribute('aria-selected'), t.disabled, t.className]),
    ).toEqual([
      ['SINGLE', 'true', false, 'on'],
      ['MULTIPLE', 'false', false, 'off'],
      ['SYSTEM', 'false', true, 'off'],
    ]);
  });

  it('chooses a tab by a tap, and by the arrow keys, Home and End, passing over a disabled one', async () => {
    const { tabs, shown, key } = await mount(2);
    tabs()[1]!.click();
    await settle();
    expect(shown()).toBe('multiple');
    expect(tabs()[1]!.getAttribute('aria-selected')).toBe('true');

    await key('ArrowRight'); // past the disabled 'system', round to the first
    expect(shown()).toBe('single');
    expect(document.activeElement).toBe(tabs()[0]);
    await key('ArrowLeft');
    expect(shown()).toBe('multiple');
    await key('Home');
    expect(shown()).toBe('single');
    await key('End');
    expect(shown()).toBe('multiple');
    await key('a'); // any other key changes nothing
    expect(shown()).toBe('multiple');
  });

  it('reaches every tab from the keyboard once none is disabled', async () => {
    const { shown, key } = await mount(3);
    await key('ArrowRight');
    await key('ArrowRight');
    expect(shown()).toBe('system');
    await key('ArrowDown');
    expect(shown()).toBe('single');
  });
});
