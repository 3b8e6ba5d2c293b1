/** A market as the desk names it: its name, with its line when the name does not already carry it. */
export const marketLabel = (market: { name: string; line: string | null }) =>
  market.line && !market.name.includes(market.line) ? `${market.name} ${market.line}` : market.name;

/** A date as `<input type="datetime-local" step="1">` shows it: the operator's wall time, to the second. */
export function toLocalSeconds(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 19);
}

/** The wall time typed into a datetime-local input as an instant (ISO, UTC), or null when incomplete. */
export function localToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
