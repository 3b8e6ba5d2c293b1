import { type SQL, sql } from 'drizzle-orm';
import type { Site } from '../sites/sites.service.ts';

/** A `domain` field: several hosts separated by comma, bar or space (SPEC §3). */
export function parseDomainList(field: string): string[] {
  return field
    .toLowerCase()
    .split(/[,|\s]+/)
    .filter((d) => d !== '');
}

/** The hosts a request stands for: the one it named, and every domain of its site. */
export function requestHosts(site: Site, hostname: string): string[] {
  return [...new Set([hostname.toLowerCase(), ...site.domains])];
}

/** SQL: the row's `domain` is empty (every site) or names one of these hosts. */
export function targetsHosts(domainColumn: SQL | unknown, hosts: string[]): SQL {
  const list = sql`array[${sql.join(
    hosts.map((h) => sql`${h}`),
    sql`, `,
  )}]::text[]`;
  return sql`(btrim(${domainColumn}) = '' or regexp_split_to_array(lower(btrim(${domainColumn})), '[,|[:space:]]+') && ${list})`;
}
