import { createHash } from 'node:crypto';
import { HTML_LANG } from '../../shared/format.ts';
import { HOME_SHELL_ID, type HomeShellData } from '../../shared/home-shell.ts';

/** A build's index.html made ready for the server-rendered home page (see composeHomePage). */
export interface HomeTemplate {
  html: string;
  /** The CSP source that allows the inlined styles ('sha256-…'). */
  styleSource: string;
}

const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>\s*/g;

/**
 * The stylesheets' rules go inline in the head, so the first paint waits for no request (on a phone,
 * a round trip per file). Their links stay, disabled: the browser neither fetches nor applies them,
 * but the site's script still finds them (Vite loads a page's stylesheet only when no link names it,
 * so a later page does not load these rules a second time, after its own).
 */
export function homeTemplate(indexHtml: string, readAsset: (href: string) => string): HomeTemplate {
  const links = [...indexHtml.matchAll(STYLESHEET)];
  const css = links.map((link) => readAsset(link[1]!)).join('\n');
  const html = indexHtml
    .replace(STYLESHEET, (link) => link.replace('<link ', '<link disabled '))
    .replace('</title>', () => `</title>\n    <style>${css}</style>`);
  return { html, styleSource: `'sha256-${createHash('sha256').update(css).digest('base64')}'` };
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
    ? `<link rel="preload" as="image" href="${escapeAttribute(lcpImage)}" fetchpriority="high">`
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

/** The page's Content-Security-Policy with the inlined styles allowed by their hash, nothing else. */
export function allowInlineStyle(policy: string, styleSource: string): string {
  return policy.replace(
    /style-src ([^;]*)/,
    (_all, sources: string) => `style-src ${sources} ${styleSource}`,
  );
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
