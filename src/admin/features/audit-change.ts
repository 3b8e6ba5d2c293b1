/** One field an audit entry changed: its path (`title`, `translations.en.title`) and its values as text. */
export interface FieldChange {
  field: string;
  /** Absent for what was created (nothing before). */
  before?: string;
  after: string;
}

const show = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Records and lists of records read as their parts. */
const nested = (v: unknown): v is Record<string, unknown> | Record<string, unknown>[] =>
  (isRecord(v) && Object.keys(v).length > 0) || (Array.isArray(v) && v.length > 0 && v.every(isRecord));

/** Nested records (and lists of them) become dotted fields, so a change inside one reads as that one field. */
function flatten(
  value: Record<string, unknown> | Record<string, unknown>[],
  prefix = '',
): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, v] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (nested(v)) for (const [p, w] of flatten(v, path)) out.set(p, w);
    else out.set(path, v);
  }
  return out;
}

/**
 * What an audit entry changed, field by field: before and after where both are known, only after for
 * what was created. Unchanged fields, and those the entry did not record after, are left out.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  if (!nested(after)) return after === null || after === undefined ? [] : [{ field: '', after: show(after) }];
  const next = flatten(after);
  const old = nested(before) ? flatten(before) : undefined;
  const changes: FieldChange[] = [];
  for (const [field, value] of next) {
    if (old && JSON.stringify(old.get(field)) === JSON.stringify(value)) continue;
    changes.push(
      old?.has(field)
        ? { field, before: show(old.get(field)), after: show(value) }
        : { field, after: show(value) },
    );
  }
  if (old)
    for (const [field, value] of old)
      if (!next.has(field)) changes.push({ field, before: show(value), after: 'null' });
  return changes;
}

/** The same as lines of text: `field: before → after`, or `field: after`. */
export function changeLines(before: unknown, after: unknown): string[] {
  return fieldChanges(before, after).map(({ field, before: was, after: now }) => {
    const value = was === undefined ? now : `${was} → ${now}`;
    return field ? `${field}: ${value}` : value;
  });
}
