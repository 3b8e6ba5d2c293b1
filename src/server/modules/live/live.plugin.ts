import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { findSessionMember, findSessionMembers } from '../accounts/sessions.service.ts';
import { pendingCounts } from '../backoffice/dashboard.service.ts';
import { tokensMay } from '../backoffice/operators.service.ts';
import type { Permission } from '../backoffice/permissions.ts';
import { recentWinsBySite } from '../games/lobby-rails.service.ts';
import { jackpotReaderOf } from '../jackpot/jackpot.routes.ts';
import { JackpotFeed } from './jackpot-feed.ts';
import { LiveHub, type LiveStream } from './live.hub.ts';
import { listenLive } from './live.listener.ts';
import { liveRoutes, liveState } from './live.routes.ts';
import { OperatorFeed } from './operator-feed.ts';
import { WinsFeed } from './wins-feed.ts';

/**
 * Server-Sent Events for members and for the back office's pending badge, fed by every process's
 * changes through PostgreSQL LISTEN/NOTIFY; answers the operators' feed for the admin API.
 */
export async function liveUpdates(
  app: FastifyInstance,
  database: Database,
  config: Config,
  /** The trading desk's ticker: the newest bets, read once per burst of bets for every desk watching. */
  readTicker: () => Promise<unknown>,
): Promise<{ operatorFeed: OperatorFeed; tickerFeed: OperatorFeed }> {
  const stateOf = async (token: string) => {
    // Re-reading a stream's state is not a request of the member's: their session still idles out.
    const member = await findSessionMember(database.db, config, token, { withCounts: true, touch: false });
    return member && liveState(member);
  };
  const statesOf = async (streams: LiveStream[]) => {
    const members = await findSessionMembers(database.db, config, [...new Set(streams.map((s) => s.token))]);
    const states = new Map<LiveStream, unknown>();
    for (const stream of streams) {
      const member = members.get(stream.token);
      if (member) states.set(stream, liveState(member));
    }
    return states;
  };
  const hub = new LiveHub((stream) => stateOf(stream.token), Date.now, statesOf);
  const watchers = (permission: Permission) => (tokens: string[]) =>
    tokensMay(database.db, tokens, permission);
  const operatorFeed = new OperatorFeed(() => pendingCounts(database.db), watchers('dashboard.view'));
  hub.onOperators(() => operatorFeed.changed());
  const tickerFeed = new OperatorFeed(readTicker, watchers('trading'), 'ticker');
  hub.onBets(() => tickerFeed.changed());
  // A fresh read (not the polling cache) so that a change announced now is what the streams get.
  const pool = jackpotReaderOf(database.db);
  const jackpotFeed = new JackpotFeed(() => {
    pool.invalidate();
    return pool.current();
  });
  hub.onJackpot(() => jackpotFeed.changed());
  const winsFeed = new WinsFeed(() => recentWinsBySite(database.db));
  hub.onWallet(() => winsFeed.changed());
  const listener = await listenLive(database, {
    message: (payload) => hub.handle(payload),
    resumed: () => hub.refreshAll(),
  });
  app.decorate('live', hub);
  // Open streams would hold the server open: end them first; browsers reconnect to another process.
  app.addHook('preClose', async () => {
    hub.close();
    operatorFeed.close();
    tickerFeed.close();
    jackpotFeed.close();
    winsFeed.close();
  });
  app.addHook('onClose', async () => listener.close());
  await liveRoutes(app, {
    hub,
    jackpotFeed,
    winsFeed,
    resolveMember: (token) => findSessionMember(database.db, config, token, { withCounts: true }),
  });
  return { operatorFeed, tickerFeed };
}
