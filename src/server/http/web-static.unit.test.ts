import { describe, expect, it } from 'vitest';
import { pageFor } from './web-static.ts';

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
