import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HomeShellData } from '../../shared/home-shell.ts';
import { allowInlineStyle, composeHomePage, homeTemplate } from './home-page-html.ts';

const INDEX = `<!doctype html>
<html lang="th">
  <head>
    <title>Royal Casino</title>
    <script type="module" crossorigin src="/assets/main-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/a-1.css">
    <link rel="stylesheet" crossorigin href="/assets/b-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const CSS: Record<string, string> = { '/assets/a-1.css': '.a{color:red}', '/assets/b-1.css': '.b{color:$&}' };

const data: HomeShellData = {
  locale: 'en',
  casino: [{ imgUrl: '/media/vendors/first.svg' }] as HomeShellData['casino'],
  slot: [],
  notices: [{ id: 1, title: '</script><script>alert(1)</script>', lastDate: '', contents: '', domain: '' }],
  jackpot: { amount: 1, contributionBps: 100, reseed: 1, lastWin: null },
};

describe('the home page as the server composes it', () => {
  const template = homeTemplate(INDEX, (href) => CSS[href]!);

  it('inlines the stylesheets in order, keeps their links disabled, and allows the styles by their hash', () => {
    const css = '.a{color:red}\n.b{color:$&}';
    expect(template.html).toContain(`<style>${css}</style>`);
    expect(template.html).toContain('<link disabled rel="stylesheet" crossorigin href="/assets/a-1.css">');
    expect(template.html).not.toMatch(/<link rel="stylesheet"/);
    const hash = createHash('sha256').update(css).digest('base64');
    expect(template.styleSource).toBe(`'sha256-${hash}'`);
    expect(allowInlineStyle("default-src 'self';style-src 'self';img-src 'self'", template.styleSource)).toBe(
      `default-src 'self';style-src 'self' 'sha256-${hash}';img-src 'self'`,
    );
  });

  it('puts the render in an inert root, the language on <html>, the first tile first in the head', () => {
    const page = composeHomePage(template, '<p>rendered</p>', data);
    expect(page).toContain('<html lang="en"');
    expect(page).toContain('<div id="root" inert><p>rendered</p></div>');
    expect(page.indexOf('href="/media/vendors/first.svg"')).toBeLessThan(page.indexOf('<script'));
  });

  it('carries the data as JSON no operator text can break out of', () => {
    const page = composeHomePage(template, '', data);
    const json = /<script type="application\/json" id="home-shell">([\s\S]*?)<\/script>/.exec(page)?.[1];
    expect(json).not.toContain('<');
    expect(JSON.parse(json!)).toEqual(data);
  });
});
