/**
 * A leg's event, market and selection names as the book accepted them: the three parts of its frozen
 * label ("event · market · selection"), or the names the book has now when a name holds " · " itself.
 */
export function labelParts(
  label: string,
  now: { event: string; market: string; selection: string },
): { event: string; market: string; selection: string } {
  const parts = label.split(' · ');
  if (parts.length !== 3) return now;
  const [event, market, selection] = parts as [string, string, string];
  return { event, market, selection };
}
