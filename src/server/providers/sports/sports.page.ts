import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseFractionText } from '../../../shared/sports/fraction.ts';
import { formatDecimal } from '../../../shared/sports/price.ts';
import type { Db } from '../../db/client.ts';
import { listEvents } from './listing.service.ts';

/**
 * GET /sports: the page open-game launches: the sports window (its own bundle, `src/web/sports.html`)
 * when the site is built; without a build (tests of the API alone), a plain server-rendered list of the
 * events taking bets, with their markets and prices. Both carry what the platform adds to a game
 * window (`extras`: the reality check of player protection, wired in app.ts), added to the page here so
 * that it runs beside the window whatever the window's own state.
 */
/** Markup the platform adds at the end of the window's body, for this request. */
export type WindowExtras = (request: FastifyRequest) => string;

/** Its styles, a file of their own: the Content-Security-Policy allows no inline style. */
const SPORTS_CSS =
  'body{font-family:system-ui,sans-serif;margin:0;padding:12px;max-width:100%;overflow-wrap:anywhere;background:#0f1420;color:#e8ecf3}section{border-bottom:1px solid #2a3245;padding:8px 0}h2{font-size:16px;margin:4px 0}p,li{font-size:13px}ul{padding-left:16px}';

/**
 * Sends the window with its first screen rendered by the server (wired in app.ts:
 * http/sports-shell.ts) and answers true, or answers false when it cannot (the plain window is then sent).
 */
export type WindowShell = (
  request: FastifyRequest,
  reply: FastifyReply,
  webRoot: string,
  extras: string,
) => Promise<boolean>;

export async function sportsPage(
  app: FastifyInstance,
  db: Db,
  webRoot: string | undefined,
  extras: WindowExtras = () => '',
  shell?: WindowShell,
): Promise<void> {
  app.get('/sports/sports.css', async (_request, reply) =>
    reply.type('text/css').header('cache-control', 'public, max-age=3600').send(SPORTS_CSS),
  );
  app.get('/sports', async (request, reply) => {
    const reality = extras(request);
    const built = webRoot
      ? await readFile(resolve(webRoot, 'sports.html'), 'utf8').catch(() => undefined)
      : undefined;
    if (built && webRoot && shell) {
      const sent = await shell(request, reply, webRoot, reality).catch((error: unknown) => {
        request.log.warn({ err: error }, 'sports window sent unrendered');
        return false;
      });
      if (sent) return reply;
    }
    if (built) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(built.replace('</body>', `${reality}</body>`));
    }
    const events = await listEvents(db, { limit: 60 });
    const rows = events
      .map((e) => {
        const score = e.score ? ` <b>${e.score.home}–${e.score.away}</b>` : '';
        const markets = e.markets
          .map(
            (m) =>
              `<li>${escapeHtml(m.name)}${m.status === 'suspended' ? ' ⏸' : ''}: ${m.selections
                .map((s) => `${escapeHtml(s.name)} <b>${formatDecimal(parseFractionText(s.price)!)}</b>`)
                .join(' · ')}</li>`,
          )
          .join('');
        return `<section><h2>${escapeHtml(e.name)}${score}</h2><p>${escapeHtml(e.sport)} · ${escapeHtml(e.competition)} · <time datetime="${e.startsAt}">${e.startsAt.slice(0, 16).replace('T', ' ')} UTC</time>${e.status === 'live' ? ' · LIVE' : ''}</p><ul>${markets}</ul></section>`;
      })
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sportsbook</title><link rel="stylesheet" href="/sports/sports.css"></head><body><h1>Sportsbook</h1>${rows || '<p>No events open for betting.</p>'}${reality}</body></html>`,
      );
  });
}
