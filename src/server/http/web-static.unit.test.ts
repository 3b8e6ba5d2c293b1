import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_ROUTES } from '../../shared/member-pages.ts';
import { pageFor, webStatic } from './web-static.ts';

describe('which single-page app answers a deep link', () => {
  it('gives the back office its own page, but keeps SPEC route /admin/error on the member site', () => {
    expect(pageFor('/admin')).toBe('admin.html');
    expect(pageFor('/admin/')).toBe('admin.html');
    expect(pageFor('/admin/members/12')).toBe('admin.html');
    expect(pageFor('/admin/error')).toBe('index.html');
    expect(pageFor('/admin/error/')).toBe('index.html');
    expect(pageFor('/administrator')).toBe('index.html');
  });

  it('gives the games window its page and everything else the member site', () => {
    expect(pageFor('/play/slot')).toBe('play.html');
    expect(pageFor('/deposit')).toBe('index.html');
    expect(pageFor('/')).toBe('index.html');
  });
});

describe('the built site over HTTP', () => {
  const root = mkdtempSync(join(tmpdir(), 'web-static-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>site</title>');
  writeFileSync(join(root, 'play.html'), '<!doctype html><title>play</title>');
  writeFileSync(join(root, 'admin.html'), '<!doctype html><title>admin</title>');
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const app = Fastify();
  beforeAll(async () => {
    // A first visit asks which language the site speaks (the cookie it sets); a site with no settings.
    app.decorate('sites', { resolve: async () => ({ settings: {} }) } as never);
    await webStatic(app, root);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });
  const get = (url: string) => app.inject({ method: 'GET', url });

  it('answers every SPEC route, the games window and the back office with their page and 200', async () => {
    for (const path of [...MEMBER_ROUTES, '/deposit/', '/play/slot', '/play/verify', '/admin/members/3']) {
      const res = await get(path);
      expect([path, res.statusCode]).toEqual([path, 200]);
    }
  });

  it('answers an unknown path with the member site (its not-found page) and HTTP 404', async () => {
    for (const path of ['/no-such-page', '/deposits', '/user/extra']) {
      const res = await get(path);
      expect([path, res.statusCode]).toEqual([path, 404]);
      expect(res.body).toContain('<title>site</title>');
    }
    expect((await get('/api/routes/nothing')).json().status).toBe('not_found');
  });

  it('serves a favicon, also as /favicon.ico for older front ends', async () => {
    for (const url of ['/favicon.svg', '/favicon.ico']) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.body).toContain('<svg');
    }
  });
});
