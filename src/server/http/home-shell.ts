import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteName, RouteReply, RouteRequest } from '../../shared/contract/routes.ts';
import { DEFAULT_LOCALE, isLocale } from '../../shared/format.ts';
import type { HomeShellData, HomeShellRenderer } from '../../shared/home-shell.ts';
import { SSR_DIR } from '../../shared/home-shell.ts';
import { SIGNED_IN_COOKIE } from '../../shared/session-hint.ts';
import { composeHomePage, type HomeTemplate, homeTemplate } from './home-page-html.ts';

/**
 * The guest home page as HTML the phone paints at once (issue #19: its largest paint, the first
 * casino tile, was waiting for the scripts): the build's server renderer (src/web/ssr/render.tsx) fed
 * with the replies of the member API routes the page calls first, taken through the API itself so
 * they are exactly what the browser would get. Members (the sign-in hint cookie) get the plain page.
 */
export function wantsHomeShell(request: FastifyRequest, path: string): boolean {
  // `cookies` is missing where the cookie plugin is not registered (a bare server serving files).
  return request.method === 'GET' && path === '/' && request.cookies?.[SIGNED_IN_COOKIE] === undefined;
}

/**
 * The page and the CSP source its inlined styles need, or null when the build has no renderer (the
 * plain page then serves; a failed reply throws, with the same outcome).
 */
export async function homeShellPage(
  app: FastifyInstance,
  request: FastifyRequest,
  webRoot: string,
): Promise<{ html: string; styleSource: string; scriptSource: string } | null> {
  const build = realpathSync(webRoot);
  const renderer = await rendererOf(build);
  if (!renderer) return null;
  const lang = request.cookies?.lang;
  let locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  const call = async <N extends RouteName>(name: N, body: RouteRequest<N>): Promise<RouteReply<N>> => {
    const reply = await app.inject({
      method: 'POST',
      url: `/api/routes/${name}`,
      // The notices in the page's language, as the site asks for them (http/reader-language.ts).
      headers: { host: request.host, 'content-type': 'application/json', 'accept-language': locale },
      payload: body,
    });
    const { status } = reply.json<{ status?: unknown }>();
    if (status !== 'success') throw new Error(`${name}: ${String(status)}`);
    return reply.json<RouteReply<N>>();
  };
  const site = await call('get-reg-domain', {});
  // No choice of the visitor's yet: the site's language (web-static.ts sets the cookie alike).
  if (!isLocale(lang)) locale = site.site.lang ?? DEFAULT_LOCALE;
  const [casino, slot, notices, jackpot] = await Promise.all([
    call('get-casino-setting', {}),
    call('get-slot-setting', {}),
    // The home page's list size (src/web/features/content/queries.ts, SPEC §9).
    call('get-user-notices', { page: 1, pageSize: 5 }),
    call('get-jackpot', {}),
    call('get-reg-domain', {}),
  ]);
  const data: HomeShellData = {
    locale,
    casino: casino.casiono,
    slot: slot.slot,
    notices: notices.notices,
    jackpot: jackpot.jackpot,
    site,
  };
  const template = templateOf(build);
  return {
    html: composeHomePage(template, renderer.renderHome(data), data),
    styleSource: template.styleSource,
    scriptSource: template.scriptSource,
  };
}

// One renderer and template per published build (a new build is a new folder, web-build/publish.ts).
const renderers = new Map<string, Promise<HomeShellRenderer | null>>();
const templates = new Map<string, HomeTemplate>();

function rendererOf(build: string): Promise<HomeShellRenderer | null> {
  let renderer = renderers.get(build);
  if (!renderer) {
    const file = join(build, SSR_DIR, 'render.js');
    renderer = existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<HomeShellRenderer>)
      : Promise.resolve(null);
    renderers.set(build, renderer);
  }
  return renderer;
}

function templateOf(build: string): HomeTemplate {
  let template = templates.get(build);
  if (!template) {
    template = homeTemplate(readFileSync(join(build, 'index.html'), 'utf8'), (href) =>
      readFileSync(join(build, href), 'utf8'),
    );
    templates.set(build, template);
  }
  return template;
}
