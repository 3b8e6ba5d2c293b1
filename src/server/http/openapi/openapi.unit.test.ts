import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adminContract } from '../../../shared/contract/admin/index.ts';
import { ADMIN_ROUTES } from '../../modules/backoffice/admin-api.ts';
import { sessionRoutes } from '../../modules/backoffice/routes/session.routes.ts';
import { PUBLIC_MODULES } from '../public-api/public-api.ts';
import { openApiDocument, openApiText } from './document.ts';

describe('OpenAPI document', () => {
  it('docs/openapi.json is what the contracts generate (else: run `npm run openapi` and commit it)', () => {
    const committed = readFileSync('docs/openapi.json', 'utf8');
    expect(
      committed === openApiText(),
      'docs/openapi.json is out of date with the API contracts: run `npm run openapi` and commit docs/openapi.json',
    ).toBe(true);
  });

  it('describes every admin contract endpoint through exactly one registered route', () => {
    const routes = [...sessionRoutes, ...ADMIN_ROUTES];
    const endpoints = Object.values(adminContract).flatMap((group) => Object.values(group));
    for (const endpoint of endpoints) {
      expect(
        routes.filter((r) => r.endpoint === endpoint).length,
        `${endpoint.method} ${endpoint.path}`,
      ).toBe(1);
    }
    expect(routes.every((r) => endpoints.includes(r.endpoint))).toBe(true);
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('describes every /public/ path by the member route it runs, and names the fields of those that rename them', () => {
    const paths = openApiDocument().paths as Record<string, { post: { description: string } }>;
    for (const [module, table] of Object.entries(PUBLIC_MODULES)) {
      for (const [name, path] of Object.entries(table)) {
        const operation = paths[`/public/${module}/${name}`]?.post;
        expect(operation?.description, `${module}/${name}`).toContain(`\`${path.route}\``);
        if (path.body) expect(path.about, `${module}/${name} reads other fields: say which`).toBeTruthy();
      }
    }
  });
});
