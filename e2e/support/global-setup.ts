import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../src/server/app.ts';
import { readConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/db/seed-demo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Builds the member site and serves it with demo data on an in-memory PGlite, on a free port. */
export default async function setup(project: TestProject) {
  await build({ configFile: resolve('vite.config.ts'), logLevel: 'warn' });
  const database = await openDatabase({});
  await migrate(database);
  await seedDemo(database.db);
  const config = { ...readConfig({}), webRoot: resolve('dist/web'), loginMaxFailuresPerAddress: 1000 };
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  // Payment and game providers call back into this server.
  config.publicUrl = `http://127.0.0.1:${port}`;
  project.provide('baseUrl', `http://localhost:${port}`);
  return async () => {
    await app.close();
    await database.close();
  };
}
