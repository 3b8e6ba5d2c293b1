/**
 * What `npm start` runs before the server: builds the site and compiles the server only when their
 * sources changed since the last time, so a start on an unchanged checkout goes straight to
 * dist/server/main.js.
 */
import { buildServer } from './build-server.ts';
import { buildWeb } from './build-web.ts';

console.log(`web build: ${await buildWeb({ force: false })}`);
console.log(`server build: ${await buildServer({ force: false })}`);
