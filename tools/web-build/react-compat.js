/**
 * `react` for the pages: Preact's compatibility layer, plus the React 19 hook it lacks that a library
 * imports by name. react-router 8's data router (`RouterProvider`) imports `useOptimistic`; the pages use
 * the declarative routers (`BrowserRouter`, `StaticRouter`), which never call it, but the bundler needs
 * the name to exist. Plain JavaScript: Preact's compat types (`export =`) cannot be re-exported from
 * TypeScript, and the code is typed against React's own types anyway.
 */
export * from 'preact/compat';
export { default } from 'preact/compat';

/** React's `useOptimistic` outside an async transition, where the optimistic state is the state passed in. */
export function useOptimistic(passthrough) {
  return [passthrough, () => {}];
}
