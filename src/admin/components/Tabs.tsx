import type { ReactNode } from 'react';
import ui from './ui.module.css';

/** A row of tabs; the page renders the chosen one's content below it. */
export function Tabs<K extends string>({
  tabs,
  value,
  onChange,
}: {
  tabs: readonly { key: NoInfer<K>; label: ReactNode }[];
  value: K;
  onChange: (key: NoInfer<K>) => void;
}) {
  return (
    <div className={ui.tabs} role="tablist">
      {tabs.map((t) => (
        <button
          key={t.key}
          type="button"
          role="tab"
          aria-selected={value === t.key}
          className={`${ui.tab} ${value === t.key ? ui.tabActive : ''}`}
          onClick={() => onChange(t.key)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
