import { errors } from '../../http/errors.ts';
import { type RouteHandlers, requireMember } from '../../http/member-api.ts';
import { jackpotGamesForSite } from '../jackpot/jackpot.service.ts';
import { memberBetPage } from './bet-page.ts';
import { casinoEntries, gamesOfVendor, listVendors, lobbyGames, vendorEntry } from './catalogue.service.ts';
import { openGame } from './launch.service.ts';
import { popularGames, recentWins } from './lobby-rails.service.ts';
import type { GameProvider } from './provider.ts';

export function gamesRoutes(providers: ReadonlyMap<string, GameProvider>): RouteHandlers {
  return {
    'get-casino-setting': async (_body, ctx) => ({ status: 'success', casiono: await casinoEntries(ctx.db) }),

    'get-slot-setting': async (_body, ctx) => ({
      status: 'success',
      slot: (await listVendors(ctx.db, 'slot')).map(vendorEntry),
    }),

    'get-sport-setting': async (_body, ctx) => ({
      status: 'success',
      sport: (await listVendors(ctx.db, 'sport')).map(vendorEntry),
    }),

    'get-slot-by-company': async (body, ctx) => ({
      status: 'success',
      games: await jackpotGamesForSite(ctx.db, ctx.site.currency, await gamesOfVendor(ctx.db, body.company)),
    }),

    'get-game-list': async (_body, ctx) => ({
      status: 'success',
      games: await jackpotGamesForSite(ctx.db, ctx.site.currency, await lobbyGames(ctx.db)),
    }),

    'get-game-rails': async (_body, ctx) => ({
      status: 'success',
      popular: await popularGames(ctx.db),
      wins: await recentWins(ctx.db, ctx.site.id),
    }),

    'open-game': async (body, ctx) => {
      const locale = String(ctx.request.headers['accept-language'] ?? 'th').slice(0, 2);
      const url = await openGame(ctx.db, providers, requireMember(ctx), { ...body, locale });
      return { status: 'success', url };
    },

    'get-in-game-balance': async (_body, ctx) => {
      const member = requireMember(ctx);
      let gameMoney = 0;
      for (const provider of providers.values()) {
        if (provider.wallet === 'transfer' && provider.balanceOf)
          gameMoney += await provider.balanceOf(String(member.memberId));
      }
      return {
        status: 'success',
        gameMoney,
        balance: member.user.balance,
        rolling: member.user.rolling,
        userId: member.user.userId,
      };
    },

    'game-money-transfer': async (body, ctx) => {
      requireMember(ctx);
      // The provider interface has no transfer operation yet: with only seamless providers there is no game money.
      const transferWallets = [...providers.values()].filter((p) => p.wallet === 'transfer');
      throw errors.seamlessOnly(
        transferWallets.length === 0
          ? `every game provider is seamless: the balance is used in games directly (${body.direction})`
          : 'game money transfers are not supported',
      );
    },

    'get-slot-bets-list': async (body, ctx) => ({
      status: 'success',
      ...(await memberBetPage(ctx.db, requireMember(ctx).memberId, body, providers)),
    }),
  };
}
