import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../test/support/test-db.ts';
import { openApiDocument } from './document.ts';

describe.runIf(backendAvailable)('API docs at /api/docs', () => {
  const t = useTestApp();

  it('serves the OpenAPI 3.1 document of the member, admin, wallet, /public/ and window APIs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/routes/user-do-login',
        '/api/admin/login',
        '/api/admin/members/{id}',
        '/wallet/{provider}/bet',
        '/public/user/do_login',
        '/public/community/usre_get_note',
        '/public/casino/open_game',
        '/sports/api/place',
        '/house/api/spin',
      ]),
    );
    // The same document for tools that look in Swagger UI's usual place.
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()).toEqual(doc);
  });

  it('renders the reference page from its own files, under the strict Content-Security-Policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    // Elsewhere the policy has no exception for the reference page's one style.
    const home = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(String(home.headers['content-security-policy'])).toContain("style-src 'self';");
    // Every script is a file of its own: nothing inline the policy would block.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="/);
      expect(inline!.trim()).toBe('');
    }
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
  });
});
