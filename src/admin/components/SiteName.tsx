import { useSite } from '../features/session/site-zone.ts';

/**
 * A record's site (brand) by its name, the operator's own word (never translated); the back office
 * lists every site's members, requests and tickets side by side. Its number until the session loads.
 */
export function SiteName({ id }: { id: number }) {
  const site = useSite(id);
  return (
    <span translate="no" data-site={id}>
      {site?.name ?? `#${id}`}
    </span>
  );
}
