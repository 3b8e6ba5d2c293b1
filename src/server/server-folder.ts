import { fileURLToPath } from 'node:url';

/**
 * The server's own folder: src/server when it runs from its sources, dist/server when it runs as the
 * compiled module (dist/server/main.js, into which this file is bundled). Files the server reads at
 * run time from beside the module that owns them (the SQL functions, `<module>/sql/<name>.sql`) are
 * found relative to it, and tools/build-server.ts copies them to the same relative paths.
 */
export const serverFolder = fileURLToPath(new URL('.', import.meta.url));
