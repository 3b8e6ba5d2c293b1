import type { FastifyInstance } from 'fastify';
import type { RouteReply } from '../../../shared/contract/routes.ts';
import { errors } from '../../http/errors.ts';
import { assertMemberOfSite } from '../../http/member-site.ts';
import { readSessionToken } from '../../http/session-token.ts';
import { serveSse } from '../../http/sse.ts';
import type { SessionMember } from '../accounts/sessions.service.ts';
import type { JackpotFeed } from './jackpot-feed.ts';
import type { LiveHub } from './live.hub.ts';
import type { WinsFeed } from './wins-feed.ts';

/** The member's state as the health check answers it, so the site treats both alike. */
export function liveState(member: SessionMember): RouteReply<'user-health-check'> {
  return {
    status: 'success',
    user: member.user,
    noteCount: member.counts.notes,
    helpCount: member.counts.helps,
    news: member.news,
    owed: member.owed,
  };
}

export interface LiveRoutesDeps {
  hub: LiveHub;
  jackpotFeed: JackpotFeed;
  winsFeed: WinsFeed;
  resolveMember(token: string): Promise<SessionMember | undefined>;
}

/**
 * GET /api/live: a logged-in member's Server-Sent Events stream. It sends `state` (the health
 * check's reply) at once and whenever it changes, in any process; `end` when the session ends.
 * Authenticated like the member API (cookie or bearer). The browser's EventSource reconnects by
 * itself; the 30-s health check stays as the fallback.
 */
export async function liveRoutes(app: FastifyInstance, deps: LiveRoutesDeps): Promise<void> {
  app.get('/api/live', async (request, reply) => {
    const token = readSessionToken(request);
    const member = token ? await deps.resolveMember(token) : undefined;
    if (!token || !member) throw errors.unauthorized();
    assertMemberOfSite(member, await request.server.sites.resolve(request.hostname));
    const holder = request.server.streams.member(member.memberId);
    await serveSse(request, reply, holder, token, (stream) =>
      deps.hub.add({ ...stream, memberId: member.memberId }),
    );
  });

  /**
   * GET /api/live/jackpot: the progressive jackpot for every page that shows it, guests' included:
   * `jackpot` (the get-jackpot reply's pool) at once and whenever the amount changes.
   */
  app.get('/api/live/jackpot', async (request, reply) => {
    await serveSse(request, reply, request.server.streams.address(request.ip), '', ({ send, ping, end }) =>
      deps.jackpotFeed.add({ send, ping, end }),
    );
  });

  /**
   * GET /api/live/wins: the lobby's recent-wins ticker of the site the page is on, guests' included:
   * `wins` (the get-game-rails reply's wins) at once and whenever a round of that site's members pays.
   */
  app.get('/api/live/wins', async (request, reply) => {
    const site = await request.server.sites.resolve(request.hostname);
    await serveSse(request, reply, request.server.streams.address(request.ip), '', ({ send, ping, end }) =>
      deps.winsFeed.add({ send, ping, end, siteId: site.id }),
    );
  });
}
