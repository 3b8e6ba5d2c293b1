import type { i18n } from 'i18next';

/** What react-i18next's bound `t` adds to a call's options; anything else makes the text depend on the call. */
const SCOPE = new Set(['lng', 'lngs', 'ns', 'keyPrefix']);

/**
 * Keeps the text of each plain key (no count, context, default or values) once looked up: i18next
 * resolves every call afresh (options merged, key split, namespaces and fallbacks walked), and a
 * page's hydration calls it thousands of times for the same few hundred keys: it was most of the
 * sports window's hydration on a phone (issue 35). Forgotten whenever the language or the loaded
 * texts change.
 */
export function memoizeTexts(instance: i18n): void {
  const texts = new Map<string, string>();
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const forget = () => texts.clear();
  instance.on('languageChanged', forget);
  instance.on('loaded', forget);
  instance.store?.on('added', forget);
  instance.store?.on('removed', forget);
  const memoized = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    const id = typeof key === 'string' && rest.length === 0 ? idOf(instance, key, options) : undefined;
    if (id === undefined) return translate(key, options, ...rest);
    let text = texts.get(id);
    if (text === undefined) {
      const found = translate(key, options);
      if (typeof found !== 'string') return found;
      text = found;
      texts.set(id, text);
    }
    return text;
  };
  instance.t = memoized as unknown as typeof instance.t;
}

/** The cache's key for a call whose text depends on its key and scope alone; undefined otherwise. */
function idOf(instance: i18n, key: string, options: unknown): string | undefined {
  if (options === undefined) return `${instance.language}\u0000\u0000\u0000${key}`;
  if (typeof options !== 'object' || options === null) return undefined;
  const o = options as Record<string, unknown>;
  for (const name in o) if (!SCOPE.has(name) && o[name] !== undefined) return undefined;
  const lng = o.lng ?? (Array.isArray(o.lngs) ? o.lngs.join(',') : instance.language);
  const ns = Array.isArray(o.ns) ? o.ns.join(',') : (o.ns ?? '');
  return `${String(lng)}\u0000${String(ns)}\u0000${String(o.keyPrefix ?? '')}\u0000${key}`;
}
