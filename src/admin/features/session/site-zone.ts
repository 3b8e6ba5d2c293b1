import { createContext, useContext, useSyncExternalStore } from 'react';
import { useOperator } from './queries.ts';

/**
 * The site whose time zone the back office shows times in: the one the operator chose (kept in this
 * browser), else the default site. A record of one site's member shows its own site's zone where the
 * screen knows it (When's timeZone).
 */
const KEY = 'admin.site';
const listeners = new Set<() => void>();

const stored = (): number | undefined => {
  try {
    return Number(localStorage.getItem(KEY)) || undefined;
  } catch {
    return undefined;
  }
};

export function chooseSite(id: number): void {
  try {
    localStorage.setItem(KEY, String(id));
  } catch {
    // A browser without storage keeps the choice for this page only.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The sites, the chosen one, and its time zone (undefined until the operator's session has loaded). */
export function useChosenSite() {
  const sites = useOperator().data?.sites ?? [];
  const chosenId = useSyncExternalStore(subscribe, stored, () => undefined);
  const site = sites.find((s) => s.id === chosenId) ?? sites.find((s) => s.isDefault) ?? sites[0];
  return { sites, site, timeZone: site?.timezone };
}

/** The site of the record a screen shows (a member's page): its times are in that site's zone. */
export const RecordSite = createContext<number | undefined>(undefined);

/** One site of the operator's session by its id (name, currency, zone); undefined until it has loaded. */
export function useSite(id: number | undefined) {
  return useChosenSite().sites.find((s) => s.id === id);
}

/** The zone times are shown in here: the record's site's, else the operator's chosen site's. */
export function useTimeZone(): string | undefined {
  const recordSite = useContext(RecordSite);
  const { sites, timeZone } = useChosenSite();
  return sites.find((s) => s.id === recordSite)?.timezone ?? timeZone;
}
