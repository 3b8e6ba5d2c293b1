import type { KeyboardEvent, ReactNode } from 'react';

export interface TabStripProps<K extends string> {
  tabs: readonly K[];
  /** The chosen tab (none: no tab is marked chosen). */
  selected: K | undefined;
  onSelect(key: K): void;
  label(key: K): ReactNode;
  /** The strip's class, and each tab's (the page's own look: chips, underlined tabs ...). */
  className: string | undefined;
  tabClass(key: K, selected: boolean): string | undefined;
  disabled?(key: K): boolean;
  testId?(key: K): string | undefined;
  /** What the strip chooses, for a screen reader, where the tabs' words do not say it. */
  ariaLabel?: string;
}

/**
 * A row of tabs (the page renders the chosen one's content below it): buttons a tap or a click
 * chooses, and the arrow keys, Home and End move between (and choose) the ones not disabled, as a
 * tab list is worked from a keyboard. Renders one element.
 */
export function TabStrip<K extends string>(props: TabStripProps<K>) {
  const enabled = props.tabs.filter((key) => !props.disabled?.(key));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const at = props.selected === undefined ? -1 : enabled.indexOf(props.selected);
    const to =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? enabled.length - 1
          : step === undefined
            ? undefined
            : (at + step + enabled.length) % enabled.length;
    if (to === undefined || enabled.length === 0) return;
    event.preventDefault();
    const key = enabled[to]!;
    props.onSelect(key);
    const tab = [...event.currentTarget.children].find((el) => el.getAttribute('data-tab') === key);
    (tab as HTMLElement | undefined)?.focus();
  };
  return (
    <div className={props.className} role="tablist" aria-label={props.ariaLabel} onKeyDown={onKeyDown}>
      {props.tabs.map((key) => (
        <button
          key={key}
          type="button"
          role="tab"
          data-tab={key}
          aria-selected={props.selected === key}
          disabled={props.disabled?.(key)}
          className={props.tabClass(key, props.selected === key)}
          onClick={() => props.onSelect(key)}
          data-testid={props.testId?.(key)}
        >
          {props.label(key)}
        </button>
      ))}
    </div>
  );
}
