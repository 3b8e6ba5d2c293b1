import type { ReactNode } from 'react';
import { TabStrip } from '../../ui/TabStrip.tsx';
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
  const labels = new Map<K, ReactNode>(tabs.map((t) => [t.key, t.label]));
  return (
    <TabStrip<K>
      tabs={tabs.map((t) => t.key)}
      selected={value}
      onSelect={onChange}
      label={(key) => labels.get(key)}
      className={ui.tabs}
      tabClass={(_, chosen) => `${ui.tab} ${chosen ? ui.tabActive : ''}`}
    />
  );
}
