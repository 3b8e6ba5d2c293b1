import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLocale } from '../../shared/format.ts';
import { MEMBER_ROUTES } from '../../shared/member-pages.ts';
import { MSG, STATUS } from '../../shared/messages.ts';
import { siteLocale } from '../modules/sites/site-settings.ts';
import { sendCompressedPage } from './compressed-page.ts';
import { allowInline } from './home-page-html.ts';
import { homeShellPage, isMemberPage, wantsHomeShell } from './home-shell.ts';

/**
 * A first-time visitor (no `lang` cookie) gets the site's language as the `lang` cookie with the page,
 * which the member site reads when it has no choice of its own stored (i18n/index.ts): a Korean site
 * opens in Korean, a Thai one in Thai. The visitor's own choice then replaces it.
 */
async function offerSiteLanguage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (isLocale(request.cookies?.lang)) return;
  const site = await app.sites.resolve(request.hostname);
  const lang = siteLocale(site.settings);
  reply.header('set-cookie', `lang=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`);
  // The home page rendered for this request reads it as the visitor's.
  if (request.cookies) request.cookies.lang = lang;
}

/** Paths that belong to APIs: never answered with the single-page app. */
const API_PREFIXES = ['/api/', '/wallet/', '/payments/', '/house/api/', '/media/'];

/**
 * Which single-page app answers a page path: the built-in games' window (/play/<game>, /play/verify),
 * the sports window (/sports, served by the sportsbook's own route),
 * the back office (/admin/...), or the member site, which keeps its own SPEC route /admin/error.
 */
export function pageFor(path: string): 'play.html' | 'sports.html' | 'admin.html' | 'index.html' {
  if (path.startsWith('/play/')) return 'play.html';
  if (path === '/sports' || path === '/sports/') return 'sports.html';
  const isMemberErrorPage = path === '/admin/error' || path === '/admin/error/';
  if ((path === '/admin' || path.startsWith('/admin/')) && !isMemberErrorPage) return 'admin.html';
  return 'index.html';
}

const FILE_NAME = /\.[a-z0-9]+$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Vite writes content-hashed files under assets/ (the path may be its .br or .gz twin). */
const isHashedAsset = (path: string) => /[\\/]assets[\\/]/.test(path);

/**
 * Whether a page path is one the apps answer: the member site's SPEC routes, anything in the games'
 * window or the back office (their own routers decide). Everything else is a 404 page.
 */
export function isKnownPage(path: string): boolean {
  const page = pageFor(path);
  if (page !== 'index.html') return true;
  const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (MEMBER_ROUTES as readonly string[]).includes(bare || '/');
}

/**
 * Serves the built member site and answers every other GET with its index.html, so the
 * client-side router handles deep links; an unknown page path gets it with HTTP 404. Unknown API paths
 * get a JSON 404.
 */
export async function webStatic(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const root = webRoot ? resolve(webRoot) : undefined;
  const hasBuild = root !== undefined && existsSync(resolve(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      // Any file under the served build, including one published after start (web-build/publish.ts):
      // a path that is not a file falls through to the not-found handler below.
      wildcard: true,
      index: false,
      // Only file names; a folder or a deep link (/deposit, /admin) is a page for the handler below.
      // Dot folders hold what the server itself runs (the home page's renderer, http/home-shell.ts).
      allowedPath: (path) => FILE_NAME.test(path) && !/(^|\/)\./.test(path),
      // The build writes .br and .gz beside each text file (web-build/precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        // Hashed assets never change; the favicon keeps its name across builds (a day); everything else
        // (the pages) is revalidated to pick up a new build.
        res.header(
          'cache-control',
          isHashedAsset(path)
            ? IMMUTABLE
            : path.endsWith('favicon.svg')
              ? 'public, max-age=86400'
              : 'no-cache',
        );
      },
    });
  }

  if (hasBuild && root && existsSync(resolve(root, 'favicon.svg'))) {
    // Older front ends and browsers ask for /favicon.ico by name: the same icon, so no 404 in their logs.
    app.get('/favicon.ico', (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').sendFile('favicon.svg'),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix));
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    if (wantsPage) await offerSiteLanguage(app, request, reply);
    if (wantsPage && hasBuild && root && wantsHomeShell(request, path)) {
      const page = await homeShellPage(app, request, root).catch((error: unknown) => {
        request.log.warn({ err: error }, 'home page sent unrendered');
        return null;
      });
      if (page) {
        const policy = String(reply.getHeader('content-security-policy') ?? '');
        reply.header('content-security-policy', allowInline(policy, page));
        // A member's page carries their figures: never kept by a shared cache, nor shown from history.
        const caching = isMemberPage(page) ? 'private, no-store' : 'no-cache';
        return sendCompressedPage(
          request,
          reply.header('cache-control', caching).header('vary', 'cookie'),
          page.html,
        );
      }
    }
    if (wantsPage && hasBuild && !FILE_NAME.test(path)) {
      // An unknown path still gets the member site (it shows its not-found page), with an honest 404.
      return reply
        .code(isKnownPage(path) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .sendFile(pageFor(path));
    }
    return reply
      .code(404)
      .send({ status: STATUS.notFound, msg: MSG.notFound, message: `no such path: ${path}` });
  });
}
