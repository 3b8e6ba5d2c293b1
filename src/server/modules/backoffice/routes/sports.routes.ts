import type { FastifyRequest } from 'fastify';
import { sportsEndpoints } from '../../../../shared/contract/admin/sports.ts';
import type { Fraction } from '../../../../shared/sports/fraction.ts';
import { parsePrice } from '../../../../shared/sports/price.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { errors } from '../../../http/errors.ts';
import { abandonEventIn } from '../../../providers/sports/abandonment.ts';
import { dismissAlert, listAlerts } from '../../../providers/sports/alerts/alerts.service.ts';
import { betActions } from '../../../providers/sports/bet-actions.ts';
import { deskEvents, feedSources, marketExists } from '../../../providers/sports/desk.service.ts';
import {
  confirmProposal,
  type ProposalAnswer,
  rejectProposal,
} from '../../../providers/sports/desk-proposals.ts';
import { deskFilters, eventIdsMatching } from '../../../providers/sports/desk-search.ts';
import { importFeed } from '../../../providers/sports/feed/feed-import.service.ts';
import { dismissFeedDisagreement } from '../../../providers/sports/feed-disagreement.ts';
import { betHistory } from '../../../providers/sports/history.service.ts';
import { cancelBet, cancelWindow, rollbackCancelWindow } from '../../../providers/sports/leg-voids.ts';
import { deskLimits, removeDeskLimit, saveDeskLimit } from '../../../providers/sports/limits-admin.ts';
import {
  createManualEvent,
  createManualMarket,
  eventExists,
  ManualProblem,
  settleEventByScore,
} from '../../../providers/sports/manual-events.ts';
import { priceHistory } from '../../../providers/sports/price-history.ts';
import { waitingProposals } from '../../../providers/sports/proposals-store.ts';
import { reconcileCounts, reconcileFindings, resolveFindings } from '../../../providers/sports/reconciler.ts';
import {
  confirmResult,
  correctResult,
  enterResult,
  type ResultAnswer,
  rejectCorrection,
  unsettleMarket,
} from '../../../providers/sports/results.service.ts';
import { riskView } from '../../../providers/sports/risk.service.ts';
import { type BookSettings, bookSettings, saveSetting } from '../../../providers/sports/settings.ts';
import { settleBets, unfinishedRuns, workPendingRuns } from '../../../providers/sports/settlement-runs.ts';
import { recentBets } from '../../../providers/sports/ticker.service.ts';
import { setEventState, setMarketOpen, setPrices } from '../../../providers/sports/trading.service.ts';
import { catalogue } from '../../../providers/sports/uof/catalogue.ts';
import { producerStatuses } from '../../../providers/sports/uof/producers.ts';
import { uofMessageCounts } from '../../../providers/sports/uof/uof-feed.ts';
import { loginsOf, memberIdsByLogin } from '../../accounts/accounts.service.ts';
import { siteCurrencies } from '../../sites/sites-admin.service.ts';
import { adminRoute } from '../admin-route.ts';
import { audited, auditIn, type Who } from '../audited.ts';

/**
 * The trading desk (permission `trading`). Changes of the sport tree are audited in their own
 * transaction; results, settlement and corrections move money through the wallet over HTTP (each step
 * a settlement record carrying the operator and reason), so their audit entry is written once the
 * book has recorded them.
 */
const walletOf = (request: FastifyRequest) => request.server.sportsWallet;

/** Writes the audit entry of a step the book has already recorded. */
const auditStep = (
  who: Who,
  db: Parameters<typeof audited>[0],
  action: string,
  target: string,
  after: unknown,
) => audited(db, who, action, async () => ({ target, after, result: undefined }));

/** The bets as the desk lists them: each with its member's login and the actions that apply to it now. */
async function withActions<B extends { id: number; status: string; playerId: string }>(
  db: DbOrTx,
  bets: B[],
) {
  const [actions, logins] = await Promise.all([
    betActions(db, bets),
    loginsOf(
      db,
      bets.map((b) => Number(b.playerId)),
    ),
  ]);
  return bets.map((bet) => ({
    ...bet,
    member: logins.get(Number(bet.playerId)) ?? null,
    actions: actions.get(bet.id) ?? [],
  }));
}

async function requireMarket(db: Parameters<typeof marketExists>[0], id: number) {
  if (!(await marketExists(db, id))) throw errors.notFound(`market ${id}`);
}

async function requireSiteCurrency(db: DbOrTx, currency: string) {
  if (!(await siteCurrencies(db)).includes(currency))
    throw errors.invalid(`no site uses ${currency}: limits are set in a site's currency`);
}

/** A manual event's problem as the 4xx it is. */
async function manual<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ManualProblem)) throw error;
    if (error.kind === 'notFound') throw errors.notFound(error.message);
    throw error.kind === 'conflict' ? errors.conflict(error.message) : errors.invalid(error.message);
  }
}

function settledOrRefuse(answer: ResultAnswer) {
  if (!answer.ok) throw errors.conflict(answer.reason);
  return { state: answer.state, settled: answer.settled, proposal: answer.proposal };
}

/** A decision on a desk action waiting for a second operator, or the 409 its refusal is. */
function decidedOrRefuse(answer: ProposalAnswer) {
  if (!answer.ok) throw errors.conflict(answer.reason);
  return { kind: answer.kind, settled: answer.settled };
}

/**
 * A desk step on a market's result (enter, confirm, correct, unsettle): the market must exist, a
 * refused step is a 409, and the audit entry carries what was asked and what the book answered.
 */
async function marketResultStep(
  { db, who, id, asked }: { db: Parameters<typeof audited>[0]; who: Who; id: number; asked: object },
  action: string,
  step: () => Promise<ResultAnswer>,
) {
  await requireMarket(db, id);
  const answer = settledOrRefuse(await step());
  await auditStep(who, db, action, `sb-market:${id}`, { ...asked, ...answer });
  return answer;
}

export const sportsRoutes = [
  adminRoute(sportsEndpoints.events, {
    permission: 'trading',
    touch: false,
    handler: async ({ db, query }) => deskEvents(db, query),
  }),
  adminRoute(sportsEndpoints.eventState, {
    permission: 'trading',
    handler: async ({ db, params, body, who, request }) => {
      await audited(db, who, 'sports.event', async (tx) => {
        if (!(await setEventState(tx, params.id, body))) throw errors.notFound(`event ${params.id}`);
        // Abandoned: its undecided markets are void (decided ones stand), settled by the runs asked for here.
        const voided =
          body.status === 'cancelled'
            ? await abandonEventIn(tx, params.id, 'the event was cancelled', who.operator.id)
            : 0;
        return {
          target: `sb-event:${params.id}`,
          after: { ...body, voidedMarkets: voided },
          result: undefined,
        };
      });
      if (body.status === 'cancelled') await workPendingRuns(db, walletOf(request));
      return {};
    },
  }),
  adminRoute(sportsEndpoints.marketStatus, {
    permission: 'trading',
    handler: async ({ db, params, body, who }) => {
      await requireMarket(db, params.id);
      await audited(db, who, body.open ? 'sports.market.reopen' : 'sports.market.suspend', async (tx) => {
        const changed = await setMarketOpen(tx, { marketId: params.id }, body.open);
        if (changed === 0)
          throw errors.conflict(body.open ? 'the market is not suspended' : 'the market is not open');
        return { target: `sb-market:${params.id}`, after: body, result: undefined };
      });
      return {};
    },
  }),
  adminRoute(sportsEndpoints.prices, {
    permission: 'trading',
    handler: async ({ db, params, body, who }) => {
      await requireMarket(db, params.id);
      const prices: { key: string; price: Fraction }[] = body.prices.map((p) => {
        const price = parsePrice(p.price, p.format);
        if (!price) throw errors.invalid(`"${p.price}" is not a ${p.format} price above evens`);
        return { key: p.key, price };
      });
      await audited(db, who, 'sports.prices', async (tx) => {
        if (!(await setPrices(tx, params.id, prices, 'desk')))
          throw errors.conflict('the market is settled or cancelled: its prices are final');
        return { target: `sb-market:${params.id}`, after: body.prices, result: undefined };
      });
      return {};
    },
  }),
  adminRoute(sportsEndpoints.enterResult, {
    permission: 'trading',
    handler: async ({ db, params, body, who, request }) =>
      marketResultStep({ db, who, id: params.id, asked: body }, 'sports.result', () =>
        enterResult(db, walletOf(request), params.id, body.result, {
          source: 'desk',
          operatorId: who.operator.id,
        }),
      ),
  }),
  adminRoute(sportsEndpoints.confirmResult, {
    permission: 'trading',
    handler: async ({ db, params, who, request }) =>
      marketResultStep({ db, who, id: params.id, asked: {} }, 'sports.result.confirm', () =>
        confirmResult(db, walletOf(request), params.id, who.operator.id),
      ),
  }),
  adminRoute(sportsEndpoints.rejectCorrection, {
    permission: 'trading',
    handler: async ({ db, params, who }) => {
      await requireMarket(db, params.id);
      await audited(db, who, 'sports.result.reject', async (tx) => {
        const answer = await rejectCorrection(tx, params.id);
        if (!answer.ok) throw errors.conflict(answer.reason);
        const withdrawn = answer.proposedBy === who.operator.id;
        return {
          target: `sb-market:${params.id}`,
          after: { proposedBy: answer.proposedBy, withdrawn },
          result: undefined,
        };
      });
      return {};
    },
  }),
  adminRoute(sportsEndpoints.correctResult, {
    permission: 'trading',
    handler: async ({ db, params, body, who, request }) =>
      marketResultStep({ db, who, id: params.id, asked: body }, 'sports.result.correct', () =>
        correctResult(db, walletOf(request), params.id, body.result, {
          source: 'desk',
          operatorId: who.operator.id,
          reason: body.reason,
        }),
      ),
  }),
  adminRoute(sportsEndpoints.dismissFeedDisagreement, {
    permission: 'trading',
    handler: async ({ db, params, who }) => {
      await requireMarket(db, params.id);
      await audited(db, who, 'sports.feed-disagreement.dismiss', async (tx) => {
        if (!(await dismissFeedDisagreement(tx, params.id)))
          throw errors.conflict('the feed says nothing otherwise than the desk on this market');
        return { target: `sb-market:${params.id}`, after: { dismissed: true }, result: undefined };
      });
      return {};
    },
  }),
  adminRoute(sportsEndpoints.unsettleMarket, {
    permission: 'trading',
    handler: async ({ db, params, body, who, request }) =>
      marketResultStep({ db, who, id: params.id, asked: body }, 'sports.market.unsettle', () =>
        unsettleMarket(db, walletOf(request), params.id, {
          operatorId: who.operator.id,
          reason: body.reason,
          audit: auditIn(who),
        }),
      ),
  }),
  adminRoute(sportsEndpoints.cancelWindow, {
    permission: 'trading',
    handler: async ({ db, params, body, who, request }) => {
      if (body.from >= body.to) throw errors.invalid('the window must end after it starts');
      const correctedPrice =
        body.correctedPrice === undefined ? undefined : parsePrice(body.correctedPrice, 'decimal');
      if (body.correctedPrice !== undefined && !correctedPrice)
        throw errors.invalid(`"${body.correctedPrice}" is not a decimal price above evens`);
      const answer = await cancelWindow(
        db,
        walletOf(request),
        { eventId: params.id, marketId: body.marketId, selectionId: body.selectionId },
        body.from,
        body.to,
        { operatorId: who.operator.id, reason: body.reason, correctedPrice, audit: auditIn(who) },
      );
      if (!answer.ok) throw errors.conflict(answer.reason);
      const voided = answer.bets.length;
      const { proposal } = answer;
      await auditStep(who, db, 'sports.cancel-window', `sb-event:${params.id}`, {
        ...body,
        voided,
        proposal,
      });
      return { voided, proposal };
    },
  }),
  adminRoute(sportsEndpoints.rollbackCancel, {
    permission: 'trading',
    handler: async ({ db, params, body, who, request }) => {
      if (body.from >= body.to) throw errors.invalid('the window must end after it starts');
      await requireMarket(db, params.id);
      // The desk takes back its own cancel windows only: not a bet it cancelled, a break, or the feed's.
      // Where it reaches bets settled or in play, it may wait for a second operator.
      const answer = await rollbackCancelWindow(db, walletOf(request), params.id, body.from, body.to, {
        operatorId: who.operator.id,
        reason: body.reason,
        audit: auditIn(who),
      });
      if (!answer.ok) throw errors.conflict(answer.reason);
      const restored = answer.bets.length;
      const { proposal } = answer;
      await auditStep(who, db, 'sports.cancel-window.rollback', `sb-market:${params.id}`, {
        ...body,
        restored,
        proposal,
      });
      return { restored, proposal };
    },
  }),
  adminRoute(sportsEndpoints.bets, {
    permission: 'trading',
    touch: false,
    handler: async ({ db, query }) => {
      // What the trader typed: a login (or part of one) or a member's number; an event's number or name.
      const playerIds =
        query.member === undefined ? undefined : (await memberIdsByLogin(db, query.member)).map(String);
      const eventIds = query.event === undefined ? undefined : await eventIdsMatching(db, query.event);
      if (playerIds?.length === 0 || eventIds?.length === 0) return { bets: [] };
      const bets = await betHistory(db, {
        playerIds,
        eventIds,
        status: query.status,
        beforeId: query.beforeId,
      });
      return { bets: await withActions(db, bets) };
    },
  }),
  adminRoute(sportsEndpoints.betAction, {
    permission: 'trading',
    handler: async ({ db, params, body, who, request }) => {
      const [before] = await betHistory(db, { betId: params.id, limit: 1 });
      if (!before) throw errors.notFound(`bet ${params.id}`);
      const actor = { operatorId: who.operator.id, reason: body.reason, audit: auditIn(who) };
      const allowed = (await betActions(db, [before])).get(params.id) ?? [];
      if (!allowed.includes(params.action))
        throw errors.conflict(
          `bet ${params.id} (${before.status}) cannot be ${params.action === 'cancel' ? 'cancelled' : `${params.action}d`} now`,
        );
      const wallet = walletOf(request);
      let proposal: number | undefined;
      let done: number;
      if (params.action === 'cancel') {
        // Where the bet's money is settled or in play, the cancel may wait for a second operator.
        const answer = await cancelBet(db, wallet, params.id, actor);
        if (!answer.ok) throw errors.conflict(answer.reason);
        proposal = answer.proposal;
        done = proposal === undefined ? answer.bets.length : 1;
      } else done = await settleBets(db, wallet, [params.id], actor);
      if (!done)
        throw errors.conflict(
          params.action === 'cancel'
            ? `bet ${params.id} has no leg left to void`
            : `bet ${params.id}'s results do not decide it yet, or it is already settled on them`,
        );
      const [bet] = await withActions(db, await betHistory(db, { betId: params.id, limit: 1 }));
      await auditStep(who, db, `sports.bet.${params.action}`, `sb-bet:${params.id}`, {
        reason: body.reason,
        status: bet!.status,
        settledReturn: bet!.settledReturn,
        proposal,
      });
      return { bet: bet!, proposal };
    },
  }),
  adminRoute(sportsEndpoints.feedStatus, {
    permission: 'trading',
    touch: false,
    handler: async ({ db }) => ({
      sources: await feedSources(db),
      producers: await producerStatuses(db),
      messages: await uofMessageCounts(db),
    }),
  }),
  adminRoute(sportsEndpoints.catalogue, {
    permission: 'trading',
    touch: false,
    handler: async ({ db }) => ({
      markets: (await catalogue(db)).map((m) => ({ ...m, params: m.params as Record<string, string> })),
    }),
  }),
  adminRoute(sportsEndpoints.importFeed, {
    permission: 'trading',
    handler: async ({ db, body, who, request }) => {
      // An operator's upload: its results wait for a second operator where the site asks for it.
      const report = await importFeed(db, walletOf(request), body.lines, {
        operatorId: who.operator.id,
        audit: auditIn(who),
      });
      await auditStep(who, db, 'sports.feed.import', 'sb-feed', {
        applied: report.applied,
        skipped: report.skipped,
        errors: report.errors.length,
      });
      return report;
    },
  }),
  adminRoute(sportsEndpoints.reconciliation, {
    permission: 'trading',
    touch: false,
    handler: async ({ db, query }) => ({
      findings: await reconcileFindings(db, { all: query.all === 'y' }),
      ...(await reconcileCounts(db)),
      unfinishedRuns: await unfinishedRuns(db),
    }),
  }),
  adminRoute(sportsEndpoints.resolveFinding, {
    permission: 'trading',
    handler: async ({ db, params, body, who }) => {
      if ((await resolveFindings(db, [params.id])) === 0)
        throw errors.conflict(`finding ${params.id} is unknown or already resolved`);
      await auditStep(who, db, 'sports.reconciliation.resolve', `sb-finding:${params.id}`, body);
      return {};
    },
  }),
  adminRoute(sportsEndpoints.settings, {
    permission: 'trading',
    handler: async ({ db }) => ({ settings: await bookSettings(db) }),
  }),
  adminRoute(sportsEndpoints.saveSettings, {
    permission: 'trading',
    handler: async ({ db, body, who }) => {
      const settings = await audited(db, who, 'sports.settings', async (tx) => {
        const before = await bookSettings(tx);
        for (const [key, value] of Object.entries(body))
          await saveSetting(tx, key as keyof BookSettings, value as never);
        const after = await bookSettings(tx);
        return { target: 'sb-settings', before, after, result: after };
      });
      return { settings };
    },
  }),
  adminRoute(sportsEndpoints.limits, {
    permission: 'trading',
    handler: async ({ db, query }) => ({
      currencies: await siteCurrencies(db),
      limits: await deskLimits(db, query.currency),
    }),
  }),
  adminRoute(sportsEndpoints.saveLimit, {
    permission: 'trading',
    handler: async ({ db, body, who }) => {
      await requireSiteCurrency(db, body.currency);
      const limit = { ...body };
      await audited(db, who, 'sports.limits', async (tx) => {
        const before = await saveDeskLimit(tx, limit);
        return {
          target: `sb-limits:${body.scope}:${body.scopeId}:${body.currency}`,
          before,
          after: limit,
          result: undefined,
        };
      });
      return { limit };
    },
  }),
  adminRoute(sportsEndpoints.removeLimit, {
    permission: 'trading',
    handler: async ({ db, body, who }) => {
      if (body.scope === 'platform')
        throw errors.conflict('the platform’s limits can be changed, not removed');
      await audited(db, who, 'sports.limits.remove', async (tx) => {
        if (!(await removeDeskLimit(tx, body)))
          throw errors.notFound(`limits of ${body.scope} ${body.scopeId} in ${body.currency}`);
        return {
          target: `sb-limits:${body.scope}:${body.scopeId}:${body.currency}`,
          after: body,
          result: undefined,
        };
      });
      return {};
    },
  }),
  adminRoute(sportsEndpoints.createEvent, {
    permission: 'trading',
    handler: async ({ db, body, who }) => {
      const id = await manual(() =>
        audited(db, who, 'sports.manual.event', async (tx) => {
          const eventId = await createManualEvent(tx, body);
          return { target: `sb-event:${eventId}`, after: body, result: eventId };
        }),
      );
      return { id };
    },
  }),
  adminRoute(sportsEndpoints.createMarket, {
    permission: 'trading',
    handler: async ({ db, params, body, who }) => {
      const id = await manual(() =>
        audited(db, who, 'sports.manual.market', async (tx) => {
          const marketId = await createManualMarket(tx, params.id, body);
          return { target: `sb-market:${marketId}`, after: { event: params.id, ...body }, result: marketId };
        }),
      );
      return { id };
    },
  }),
  adminRoute(sportsEndpoints.suspendEvent, {
    permission: 'trading',
    handler: async ({ db, params, body, who }) => {
      if (!(await eventExists(db, params.id))) throw errors.notFound(`event ${params.id}`);
      const changed = await audited(
        db,
        who,
        body.open ? 'sports.event.reopen' : 'sports.event.suspend',
        async (tx) => {
          const n = await setMarketOpen(tx, { eventId: params.id }, body.open);
          if (n === 0)
            throw errors.conflict(
              body.open ? 'no market of the event is suspended' : 'no market of the event is open',
            );
          return { target: `sb-event:${params.id}`, after: { ...body, markets: n }, result: n };
        },
      );
      return { changed };
    },
  }),
  adminRoute(sportsEndpoints.eventResult, {
    permission: 'trading',
    handler: async ({ db, params, body, who, request }) => {
      if (!(await eventExists(db, params.id))) throw errors.notFound(`event ${params.id}`);
      const answer = await settleEventByScore(db, walletOf(request), params.id, body, who.operator.id);
      if (answer.markets.length === 0 && answer.left.length === 0)
        throw errors.conflict('the event has no market waiting for a result');
      await auditStep(who, db, 'sports.event.result', `sb-event:${params.id}`, { ...body, ...answer });
      return answer;
    },
  }),
  adminRoute(sportsEndpoints.filters, {
    permission: 'trading',
    touch: false,
    handler: async ({ db }) => deskFilters(db),
  }),
  adminRoute(sportsEndpoints.risk, {
    permission: 'trading',
    touch: false,
    handler: async ({ db, query }) => riskView(db, query),
  }),
  adminRoute(sportsEndpoints.ticker, {
    permission: 'trading',
    touch: false,
    handler: async ({ db }) => ({ bets: await recentBets(db) }),
  }),
  // The ticker's alerts (listed, dismissed with an audit entry) and each selection's price history.
  adminRoute(sportsEndpoints.alerts, {
    permission: 'trading',
    touch: false,
    handler: async ({ db, query }) => listAlerts(db, query),
  }),
  adminRoute(sportsEndpoints.dismissAlert, {
    permission: 'trading',
    handler: async ({ db, params, who }) => {
      await audited(db, who, 'sports.alert.dismiss', async (tx) => {
        if (!(await dismissAlert(tx, params.id, who.operator.login)))
          throw errors.conflict(`alert ${params.id} is unknown or already dismissed`);
        return { target: `sb-alert:${params.id}`, after: { dismissed: true }, result: undefined };
      });
      return {};
    },
  }),
  adminRoute(sportsEndpoints.priceHistory, {
    permission: 'trading',
    touch: false,
    handler: async ({ db, params, query }) => priceHistory(db, params.id, query),
  }),
  adminRoute(sportsEndpoints.proposals, {
    permission: 'trading',
    touch: false,
    handler: async ({ db }) => ({ proposals: await waitingProposals(db) }),
  }),
  adminRoute(sportsEndpoints.confirmProposal, {
    permission: 'trading',
    handler: async ({ db, params, who, request }) =>
      decidedOrRefuse(
        await confirmProposal(db, request.server.sportsWallet, params.id, who.operator.id, auditIn(who)),
      ),
  }),
  adminRoute(sportsEndpoints.rejectProposal, {
    permission: 'trading',
    handler: async ({ db, params, who }) =>
      decidedOrRefuse(await rejectProposal(db, params.id, who.operator.id, auditIn(who))),
  }),
];
