import { realpathSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SportsAction, SportsAnswer, SportsRequest } from '../../shared/contract/sports-api.ts';
import { DEFAULT_LOCALE, HTML_LANG, isLocale } from '../../shared/format.ts';
import { SPORTS_SHELL_ID, type SportsShellData } from '../../shared/sports-shell.ts';
import { sendCompressedPage } from './compressed-page.ts';
import { allowInline, pageTemplate } from './home-page-html.ts';
import { rendererOf } from './home-shell.ts';

/** What the window asks for first (src/web/sports/useLiveEvents.ts, browse/aboveList.ts). */
const FIRST_SCREEN_EVENTS = 20;
const POPULAR_LIMIT = 6;

/**
 * The sports window as HTML the phone paints at once (issue 35: its largest paint waited for the
 * window's scripts, then its first screen's answers): the build's renderer (src/web/ssr/render.tsx)
 * fed with the book's answers the window asks for first, taken through its API so they are exactly what
 * the browser would get, in the page for src/web/sports/main.tsx to hydrate. Sent (true) only for a
 * window launched with a token that init accepts; otherwise false, and the plain
 * window is served (a guest's link, a proof's `?bet=`, an ended launch: the window says so itself).
 */
export async function sendSportsShell(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  webRoot: string,
  extras: string,
): Promise<boolean> {
  const query = request.query as Record<string, unknown>;
  const token = typeof query.token === 'string' ? query.token : undefined;
  if (!token || token.length > 200 || query.bet !== undefined) return false;
  const build = realpathSync(webRoot);
  const renderer = await rendererOf(build);
  if (!renderer?.renderSports) return false;
  // The window speaks the language chosen on the site (its `lang`), as src/web/i18n/window-i18n.ts.
  const lang = request.cookies?.lang;
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  const inject = async (url: string, body: unknown) => {
    const answer = await app.inject({
      method: 'POST',
      url,
      headers: { host: request.host, 'content-type': 'application/json', 'accept-language': locale },
      payload: body as object,
    });
    const json = answer.json<{ status?: unknown }>();
    return json.status === 'success' ? json : null;
  };
  const call = <A extends SportsAction>(action: A, body: SportsRequest<A>) =>
    inject(`/sports/api/${action}`, body) as Promise<SportsAnswer<A> | null>;
  const init = await call('init', { token });
  if (!init) return false;
  const [events, leagues, popular, favourites, site, rules] = await Promise.all([
    call('events', { limit: FIRST_SCREEN_EVENTS }),
    call('leagues', {}),
    call('popular', { limit: POPULAR_LIMIT }),
    call('favourites', { token }),
    inject('/api/routes/get-reg-domain', {}) as Promise<{ site: { timezone: string } } | null>,
    call('rules', { currency: init.currency }),
  ]);
  if (!events || !leagues || !popular || !favourites || !site || !rules) return false;
  const data: SportsShellData = {
    locale,
    token,
    init,
    events: events.events,
    newest: events.newest,
    leagues: leagues.leagues,
    popular: { events: popular.events, bets: popular.bets },
    favourites,
    timezone: site.site.timezone,
    rules: rules.rules,
  };
  const template = pageTemplate(build, 'sports.html');
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const html = template.html
    .replace(/<html lang="[^"]*"/, () => `<html lang="${HTML_LANG[locale]}"`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" inert>${renderer.renderSports(data)}</div><script type="application/json" id="${SPORTS_SHELL_ID}">${json}</script>`,
    )
    .replace('</body>', () => `${extras}</body>`);
  const policy = String(reply.getHeader('content-security-policy') ?? '');
  reply.header('content-security-policy', allowInline(policy, template));
  // The member's balance and favourites are in it: never kept by a shared cache, nor shown from history.
  // (Not the reply itself: a reply is a thenable, and awaiting it waits for the response to end.)
  void sendCompressedPage(request, reply.header('cache-control', 'private, no-store'), html);
  return true;
}
