import { z } from 'zod';
import { providerContracts } from '../../../shared/contract/provider-apis.ts';
import { adminSection } from './admin-section.ts';
import { jsonSchema } from './json-schema.ts';
import { memberSection } from './member-section.ts';
import { providerSection } from './provider-section.ts';
import { publicSection } from './public-section.ts';
import type { ApiSection } from './section.ts';
import { walletSection } from './wallet-section.ts';

/** The APIs the OpenAPI document describes, one line each. */
export const API_SECTIONS: (() => ApiSection)[] = [
  memberSection,
  adminSection,
  walletSection,
  publicSection,
  ...providerContracts.map((api) => () => providerSection(api)),
];

const failure = z.object({
  status: z.string().describe('a status word: invalid, unauthorized, forbidden, not_found, already ...'),
  msg: z.string().describe('the message key the page shows (SPEC §8)'),
  message: z.string().describe('plain English, for logs and tools'),
});

/** The OpenAPI 3.1 document of every API in API_SECTIONS, generated from their contracts. */
export function openApiDocument() {
  const sections = API_SECTIONS.map((build) => build());
  return {
    openapi: '3.1.0',
    info: {
      title: 'Casino platform APIs',
      version: '1',
      description:
        'Generated from the contracts (src/shared/contract) by `npm run openapi`; do not edit by hand. ' +
        'Every reply carries `status`; a failure also carries `msg` (the message key) and `message`.',
    },
    tags: sections.flatMap((s) => s.tags),
    paths: Object.assign({}, ...sections.map((s) => s.paths)),
    components: {
      schemas: Object.assign({ Failure: jsonSchema(failure) }, ...sections.map((s) => s.schemas ?? {})),
      securitySchemes: Object.assign({}, ...sections.map((s) => s.securitySchemes ?? {})),
    },
  };
}

/** The document as committed in docs/openapi.json: stable key order, two-space indent, a final newline. */
export const openApiText = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`;
