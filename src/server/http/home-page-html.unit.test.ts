import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HomeShellData } from '../../shared/home-shell.ts';
import { allowInline, composeHomePage, homeTemplate, PRELOADS_PER_TASK } from './home-page-html.ts';

const INDEX = `<!doctype html>
<html lang="th">
  <head>
    <title>Royal Casino</title>
    <script type="module" crossorigin src="/assets/main-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/dep-1.js">
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
  jackpot: { amount: 1, currency: 'KRW', contributionBps: 100, reseed: 1, lastWin: null },
  site: {
    status: 'success',
    domain: 'localhost',
    site: {
      code: 'main',
      name: 'Main',
      registrationOpen: true,
      referralRequired: false,
      messengerLinks: [],
      currency: 'KRW',
      lang: 'th',
      timezone: 'Asia/Seoul',
      cash: { minimum: 10_000, step: 10_000 },
      compMinimum: 10_000,
      recoveryChannel: 'sms',
      emailRequired: false,
      minAge: 18,
      termsVersion: '1',
      banks: [],
    },
  },
  session: null,
  member: null,
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
    expect(allowInline("default-src 'self';style-src 'self';img-src 'self'", template)).toBe(
      `default-src 'self';style-src 'self' 'sha256-${hash}';img-src 'self'`,
    );
  });

  it('starts the script after the first paint: no script or module preload in the head, a loader allowed by its hash', () => {
    const head = template.html.slice(0, template.html.indexOf('</head>'));
    expect(head).not.toContain('<script');
    expect(head).not.toContain('modulepreload');
    const loader = /<script>([\s\S]*?)<\/script>\s*<\/body>/.exec(template.html)?.[1];
    expect(loader).toContain('requestAnimationFrame');
    expect(loader).toContain('"/assets/main-1.js"');
    expect(loader).toContain('"/assets/dep-1.js"');
    const hash = createHash('sha256').update(loader!).digest('base64');
    expect(allowInline("script-src 'self';style-src 'self'", template)).toBe(
      `script-src 'self' 'sha256-${hash}';style-src 'self' ${template.styleSource}`,
    );
  });

  it('starts the entry once, first, then its preloads a few per task', () => {
    const modules = Array.from({ length: 2 * PRELOADS_PER_TASK + 1 }, (_, i) => `/assets/dep-${i}.js`);
    const index = INDEX.replace(
      '<link rel="modulepreload" crossorigin href="/assets/dep-1.js">',
      modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('\n'),
    );
    const loader = /<script>([\s\S]*?)<\/script>\s*<\/body>/.exec(
      homeTemplate(index, (href) => CSS[href]!).html,
    )![1]!;
    // The page's timers and frames as queues this test runs by hand, one task at a time.
    const tasks: (() => void)[] = [];
    const frames: (() => void)[] = [];
    const appended: { task: number; tag: string; href?: string; src?: string; rel?: string }[] = [];
    let task = 0;
    const document = {
      createElement: (tag: string) => ({ tag }),
      head: { append: (el: { tag: string }) => appended.push({ task, ...el }) },
    };
    new Function('document', 'requestAnimationFrame', 'setTimeout', loader)(
      document,
      (fn: () => void) => frames.push(fn),
      (fn: () => void) => tasks.push(fn),
    );
    // Both the first frame and the one-second timer come: the script still starts once.
    for (const frame of frames.splice(0)) frame();
    while (tasks.length > 0) {
      task++;
      tasks.shift()!();
    }
    expect(appended[0]).toMatchObject({ tag: 'script', type: 'module', src: '/assets/main-1.js' });
    expect(appended.filter((el) => el.tag === 'script')).toHaveLength(1);
    const preloads = appended.filter((el) => el.rel === 'modulepreload');
    expect(preloads.map((el) => el.href)).toEqual(modules);
    const perTask = [...new Set(preloads.map((el) => el.task))].map(
      (t) => preloads.filter((el) => el.task === t).length,
    );
    expect(perTask).toEqual([PRELOADS_PER_TASK, PRELOADS_PER_TASK, 1]);
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

  it("escapes the first tile's address in its preload link", () => {
    const hostile = {
      ...data,
      casino: [{ imgUrl: "/x.svg\"><script>alert('1')</script>&" }],
    } as HomeShellData;
    const page = composeHomePage(template, '', hostile);
    expect(page).toContain('href="/x.svg&quot;&gt;&lt;script&gt;alert(&#39;1&#39;)&lt;/script&gt;&amp;"');
  });
});
