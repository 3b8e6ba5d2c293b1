/**
 * Writes docs/openapi.json from the API contracts (npm run openapi). A test fails when the
 * committed file differs from what the code generates: run this and commit the file.
 */
import { writeFileSync } from 'node:fs';
import { openApiText } from '../src/server/http/openapi/document.ts';

const file = 'docs/openapi.json';
writeFileSync(file, openApiText());
console.log(`wrote ${file}`);
