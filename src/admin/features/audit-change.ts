const show = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What an audit entry changed, one line per field: `field: before → after` where both sides are
 * known, `field: after` for what was created. Unchanged fields are left out.
 */
export function changeLines(before: unknown, after: unknown): string[] {
  if (!isRecord(after)) return after === null || after === undefined ? [] : [show(after)];
  const old = isRecord(before) ? before : undefined;
  const lines: string[] = [];
  for (const [key, value] of Object.entries(after)) {
    if (old && JSON.stringify(old[key]) === JSON.stringify(value)) continue;
    lines.push(old && key in old ? `${key}: ${show(old[key])} → ${show(value)}` : `${key}: ${show(value)}`);
  }
  return lines;
}
