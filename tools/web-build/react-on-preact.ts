import { fileURLToPath } from 'node:url';

/**
 * The pages run on Preact's React compatibility layer: react-dom alone was 56 of the guest home's
 * 112 KB of first-load JavaScript (brotli), and the target is 100 (issue 19). The code is written and
 * typed against React's API; these aliases swap the runtime under it, in the build, the server's
 * renderer of the guest home and the component tests alike.
 */
export const reactOnPreact = [
  // preact/compat and the one React 19 hook a library imports by name (react-compat.js).
  { find: /^react$/, replacement: fileURLToPath(new URL('./react-compat.js', import.meta.url)) },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  // React 17's polyfill (react-i18next still imports it): Preact has the hook itself.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];

/**
 * The React libraries the pages use. Where Node would load them unbundled (the server's renderer,
 * the component tests) they must be bundled instead, or they would import React itself.
 */
export const reactLibraries = ['react-i18next', '@tanstack/react-query', 'react-router'];
