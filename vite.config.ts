import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pageFor } from './src/server/http/web-static.ts';
import { reactOnPreact } from './tools/web-build/react-on-preact.ts';
import { sharedHead } from './tools/web-build/shared-head.ts';

/** In development, deep links into the games' window and the back office get their own page too. */
const pagesInDev: Plugin = {
  name: 'casino-pages-in-dev',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const path = req.url?.split('?')[0] ?? '/';
      const isFile = /\.[a-z0-9]+$/i.test(path) || path.startsWith('/@') || path.startsWith('/api/');
      const page = pageFor(path);
      if (!isFile && page !== 'index.html') req.url = `/${page}`;
      next();
    });
  },
};

/** The server, reached with the page's own Host: its cross-site check compares that to Origin. */
const api = { target: 'http://localhost:3000', changeOrigin: false };

/** The member site; the server serves dist/web and proxies nothing (same origin in production). */
export default defineConfig({
  root: 'src/web',
  // React's fast refresh cannot patch Preact's components: a change reloads the page instead.
  plugins: [react({ refreshExclude: /./ }), sharedHead, pagesInDev],
  resolve: { alias: reactOnPreact },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // The member site, the built-in games' window, the sports window and the back office (src/admin)
    // are separate pages with their own bundles.
    rollupOptions: {
      input: {
        main: 'src/web/index.html',
        play: 'src/web/play.html',
        sports: 'src/web/sports.html',
        admin: 'src/web/admin.html',
      },
      // TanStack Query and React Router in one file each (they came in six): the member site and the
      // back office load all of them anyway, and every file is a request and tasks of its own on a
      // phone's main thread. Their dependencies (Preact) stay where the other pages share them.
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // The API, but not the site's own modules under src/web/api/ (/api/client.ts).
      '^/api/(?!.*\\.tsx?(\\?|$))': api,
      '/media': api,
    },
  },
});
