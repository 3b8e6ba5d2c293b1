import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteName, RouteReply, RouteRequest } from '../../shared/contract/routes.ts';
import { DEFAULT_LOCALE, isLocale } from '../../shared/format.ts';
import type { HomeShellData, HomeShellMember, HomeShellRenderer } from '../../shared/home-shell.ts';
import { HOME_LIST_SIZE, SSR_DIR } from '../../shared/home-shell.ts';
import { SIGNED_IN_COOKIE } from '../../shared/session-hint.ts';
import { composeHomePage, pageTemplate } from './home-page-html.ts';
import { readSessionToken } from './session-token.ts';

/**
 * The home page as HTML the phone paints at once (issue #19: its largest paint, the first casino
 * tile, was waiting for the scripts): the build's server renderer (src/web/ssr/render.tsx) fed with
 * the replies of the member API routes the page calls first, taken through the API itself so they are
 * exactly what the browser would get. A member's (issue #35) is rendered with their session (the
 * health check's reply), so their page is as fast as a guest's and never shows the guest's first.
 */
export function wantsHomeShell(request: FastifyRequest, path: string): boolean {
  return request.method === 'GET' && path === '/';
}

/** Whether the page was rendered with a member's figures: it must then never be kept by a shared cache. */
export const isMemberPage = (page: { session: unknown }) => page.session !== null;

/**
 * The page and the CSP source its inlined styles need, or null when the build has no renderer (the
 * plain page then serves; a failed reply throws, with the same outcome).
 */
export async function homeShellPage(
  app: FastifyInstance,
  request: FastifyRequest,
  webRoot: string,
): Promise<{ html: string; styleSource: string; scriptSource: string; session: unknown } | null> {
  const build = realpathSync(webRoot);
  const renderer = await rendererOf(build);
  if (!renderer) return null;
  const lang = request.cookies?.lang;
  let locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  const call = async <N extends RouteName>(
    name: N,
    body: RouteRequest<N>,
    token?: string,
  ): Promise<RouteReply<N>> => {
    const reply = await app.inject({
      method: 'POST',
      url: `/api/routes/${name}`,
      // The notices in the page's language, as the site asks for them (http/reader-language.ts).
      headers: {
        host: request.host,
        'content-type': 'application/json',
        'accept-language': locale,
        // The member's session as a bearer: the page's own request carried it as its cookie.
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: body,
    });
    const { status } = reply.json<{ status?: unknown }>();
    if (status !== 'success') {
      // 403: a session of another site's member, shown the guest's page like an ended one.
      if (name === 'user-health-check' && (reply.statusCode === 401 || reply.statusCode === 403))
        throw new SessionOver();
      throw new Error(`${name}: ${String(status)}`);
    }
    return reply.json<RouteReply<N>>();
  };
  // The sign-in hint says a session may exist: the member's figures, or the guest's page once it has ended.
  const token = request.cookies?.[SIGNED_IN_COOKIE] !== undefined ? readSessionToken(request) : undefined;
  const session = token
    ? await call('user-health-check', {}, token).catch((error: unknown) => {
        if (error instanceof SessionOver) return null;
        throw error;
      })
    : null;
  const site = await call('get-reg-domain', {});
  // No choice of the visitor's yet: the site's language (web-static.ts sets the cookie alike).
  if (!isLocale(lang)) locale = site.site.lang ?? DEFAULT_LOCALE;
  const [casino, slot, notices, jackpot] = await Promise.all([
    call('get-casino-setting', {}),
    call('get-slot-setting', {}),
    call('get-user-notices', { page: 1, pageSize: HOME_LIST_SIZE }),
    call('get-jackpot', {}),
  ]);
  // A member's layout asks these at once (src/web/app/useLayoutData.ts): answered here, with their token.
  const member: HomeShellMember | null =
    session && token
      ? await Promise.all([
          call('get-help-list', { page: 1, pageSize: HOME_LIST_SIZE }, token),
          call('get-in-game-balance', {}, token),
          call('get-deposit-payment', {}, token),
          call('get-withdrawal-payment', {}, token),
        ]).then(([help, inGameBalance, deposit, withdraw]) => ({
          help: help.helps,
          inGameBalance,
          deposit: deposit.payments,
          withdraw: withdraw.payments,
        }))
      : null;
  const data: HomeShellData = {
    locale,
    casino: casino.casiono,
    slot: slot.slot,
    notices: notices.notices,
    jackpot: jackpot.jackpot,
    site,
    session,
    member,
  };
  const template = pageTemplate(build, 'index.html');
  return {
    html: composeHomePage(template, renderer.renderHome(data), data),
    styleSource: template.styleSource,
    scriptSource: template.scriptSource,
    session,
  };
}

/** The member's session ended (the health check answered 401): the page is the guest's. */
class SessionOver extends Error {}

// One renderer per published build (the sports window's too, http/sports-shell.ts) (a new build is a new folder, web-build/publish.ts).
const renderers = new Map<string, Promise<HomeShellRenderer | null>>();

export function rendererOf(build: string): Promise<HomeShellRenderer | null> {
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
