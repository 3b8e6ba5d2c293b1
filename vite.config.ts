import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The member site; the server serves dist/web and proxies nothing (same origin in production). */
export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // The member site, the built-in games' window and the back office (src/admin) are separate
    // pages with their own bundles.
    rollupOptions: {
      input: { main: 'src/web/index.html', play: 'src/web/play.html', admin: 'src/web/admin.html' },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});
