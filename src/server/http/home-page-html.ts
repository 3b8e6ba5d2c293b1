import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import escapeHtml from 'escape-html';
import { HTML_LANG } from '../../shared/format.ts';
import { HOME_SHELL_ID, type HomeShellData } from '../../shared/home-shell.ts';

/** A build's index.html made ready for the server-rendered home page (see composeHomePage). */
export interface HomeTemplate {
  html: string;
  /** The CSP source that allows the inlined styles ('sha256-…'). */
  styleSource: string;
  /** The CSP source that allows the inline script loader ('sha256-…'). */
  scriptSource: string;
}

const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>\s*/g;
const ENTRY = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\s*/g;
/** Module preloads the loader starts in one task. */
export const PRELOADS_PER_TASK = 3;

/**
 * Starts the site's script after the first paint, with its modules preloaded then: everything the
 * guest sees first is already in the page, and on a phone's slow link the 20-odd script files would
 * otherwise share the first second's bandwidth with the page's largest image, and hold its paint.
 * A hidden tab paints no frames: the timer starts the script after a second all the same.
 * The entry comes first, then the preloads a few per task: each starts a request, and thirty in one
 * task took 29 ms here unthrottled, a long task on a phone (issue 35's blocking time). Six a task
 * were still 10–34 ms of wall time each (little of it CPU: the requests' start waits on the browser
 * process), which a phone's throttling makes 50–90 ms; three halve it.
 */
function scriptLoader(entry: string, modules: string[]): string {
  const add = `const a=(t,p)=>{const e=document.createElement(t);Object.assign(e,p);document.head.append(e)}`;
  const preloads = `const m=${JSON.stringify(modules)};const next=()=>{for(const href of m.splice(0,${PRELOADS_PER_TASK}))a('link',{rel:'modulepreload',href});if(m.length)setTimeout(next)}`;
  const start = `a('script',{type:'module',src:${JSON.stringify(entry)}});next()`;
  return `{let d=0;const go=()=>{if(d)return;d=1;${add};${preloads};${start}};requestAnimationFrame(()=>setTimeout(go));setTimeout(go,1000)}`;
}

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The stylesheets' rules go inline in the head, so the first paint waits for no request (on a phone,
 * a round trip per file). Their links stay, disabled: the browser neither fetches nor applies them,
 * but the site's script still finds them (Vite loads a page's stylesheet only when no link names it,
 * so a later page does not load these rules a second time, after its own).
 */
export function homeTemplate(indexHtml: string, readAsset: (href: string) => string): HomeTemplate {
  const links = [...indexHtml.matchAll(STYLESHEET)];
  const css = links.map((link) => readAsset(link[1]!)).join('\n');
  const entry = ENTRY.exec(indexHtml)?.[1];
  const modules = [...indexHtml.matchAll(MODULE_PRELOAD)].map((link) => link[1]!);
  const loader = entry ? scriptLoader(entry, modules) : '';
  const html = indexHtml
    .replace(ENTRY, '')
    .replace(MODULE_PRELOAD, '')
    .replace(STYLESHEET, (link) => link.replace('<link ', '<link disabled '))
    .replace('</title>', () => `</title>\n    <style>${css}</style>`)
    .replace('</body>', () => `<script>${loader}</script>\n  </body>`);
  return { html, styleSource: sha256Source(css), scriptSource: sha256Source(loader) };
}

// One template per page of each published build (a new build is a new folder, web-build/publish.ts).
const templates = new Map<string, HomeTemplate>();

/** The template of a published build's page (its index.html, the sports window's sports.html), read once. */
export function pageTemplate(build: string, page: string): HomeTemplate {
  const file = join(build, page);
  let template = templates.get(file);
  if (!template) {
    template = homeTemplate(readFileSync(file, 'utf8'), (href) => readFileSync(join(build, href), 'utf8'));
    templates.set(file, template);
  }
  return template;
}

/**
 * The page sent: the server's render in #root (inert until React hydrates it, so an early tap is not
 * lost on a page that cannot answer yet), the data it was rendered from, the visitor's language, and
 * the first casino tile's image (the page's largest paint) asked for before anything else.
 */
export function composeHomePage(template: HomeTemplate, html: string, data: HomeShellData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const lcpImage = data.casino[0]?.imgUrl;
  const preload = lcpImage
    ? `<link rel="preload" as="image" href="${escapeHtml(lcpImage)}" fetchpriority="high">`
    : '';
  return template.html
    .replace(/<html lang="[^"]*"/, () => `<html lang="${HTML_LANG[data.locale]}"`)
    .replace('</title>', () => `</title>\n    ${preload}`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" inert>${html}</div><script type="application/json" id="${HOME_SHELL_ID}">${json}</script>`,
    );
}

/** The page's Content-Security-Policy with the inlined styles and script loader allowed by their hash, nothing else. */
export function allowInline(policy: string, sources: { styleSource: string; scriptSource: string }): string {
  return policy
    .replace(/style-src ([^;]*)/, (_all, list: string) => `style-src ${list} ${sources.styleSource}`)
    .replace(/script-src ([^;]*)/, (_all, list: string) => `script-src ${list} ${sources.scriptSource}`);
}
