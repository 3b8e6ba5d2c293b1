import type { ProtectionViewReply } from '../../../shared/contract/protection-routes.ts';
import { MSG } from '../../../shared/messages.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type RouteHandlers, requireMember } from '../../http/member-api.ts';
import { requestLocale } from '../../http/page-i18n.ts';
import { siteLocale, siteTimeZone } from '../sites/site-settings.ts';
import { activityTotals, activityWindows, recentLogins } from './activity.service.ts';
import { changeLimit, confirmLimitChange, limitUsage, listLimits } from './limits.service.ts';
import {
  currentProtection,
  type ProtectionChoice,
  type ProtectionView,
  requestLift,
  startProtection,
} from './protection.service.ts';
import { NO_PROTECTION_HOOKS, type ProtectionHooks, protectionStarted } from './protection-hooks.ts';
import { realityMinutes, recordRealityAnswer, sessionPlay, setRealityMinutes } from './reality.service.ts';
import { statementCsv, statementRange } from './statement-csv.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const protectionView = (view: ProtectionView): ProtectionViewReply => ({
  state: view.state,
  kind: view.kind,
  startedAt: iso(view.startedAt),
  endsAt: iso(view.endsAt),
  liftRequestedAt: iso(view.liftRequestedAt),
  liftsAt: iso(view.liftsAt),
});

/** My page's limits: each with what counts against it now and when its period ends. */
async function limitsReply(db: DbOrTx, memberId: number) {
  const [limits, usage, minutes] = await Promise.all([
    listLimits(db, memberId),
    limitUsage(db, memberId),
    realityMinutes(db, memberId),
  ]);
  return {
    status: 'success' as const,
    realityCheckMinutes: minutes,
    limits: limits.map((l) => ({
      kind: l.kind,
      period: l.period,
      amount: l.amount,
      pendingAmount: l.pendingAmount,
      pendingRemove: l.pendingRemove,
      pendingFrom: iso(l.pendingFrom),
      used: usage.used(l.kind, l.period),
      resetsAt: usage.resetsAt(l.period),
    })),
  };
}

/** The member routes of player protection; `hooks` run when a break or self-exclusion starts (app.ts). */
export const protectionRoutes = (hooks: ProtectionHooks = NO_PROTECTION_HOOKS): RouteHandlers => ({
  'get-protection': async (_body, ctx) => ({
    status: 'success',
    protection: protectionView(await currentProtection(ctx.db, requireMember(ctx).memberId)),
  }),

  'set-protection': async (body, ctx) => {
    const choice: ProtectionChoice =
      body.kind === 'break'
        ? { kind: 'break', days: body.days }
        : body.permanent
          ? { kind: 'exclusion', permanent: true }
          : { kind: 'exclusion', months: body.months! };
    const { memberId } = requireMember(ctx);
    const view = await startProtection(ctx.db, memberId, choice, ctx.ip);
    // What others do now (the sportsbook cancels open bets where the site says so).
    await protectionStarted(hooks, { db: ctx.db, memberId, kind: choice.kind, site: ctx.site }, ctx.ip);
    return { status: 'success', msg: MSG.protectionSet, protection: protectionView(view) };
  },

  'ask-lift-protection': async (_body, ctx) => {
    const view = await requestLift(ctx.db, requireMember(ctx).memberId, ctx.ip);
    return { status: 'success', msg: MSG.liftRequested, protection: protectionView(view) };
  },

  'get-limits': async (_body, ctx) => limitsReply(ctx.db, requireMember(ctx).memberId),

  'set-limit': async (body, ctx) => {
    const { memberId } = requireMember(ctx);
    const done = await changeLimit(ctx.db, memberId, body, ctx.ip);
    return {
      ...(await limitsReply(ctx.db, memberId)),
      msg: done.msg,
      ...(done.from && { from: iso(done.from)! }),
    };
  },

  'confirm-limit': async (body, ctx) => {
    const { memberId } = requireMember(ctx);
    const done = await confirmLimitChange(ctx.db, memberId, body, ctx.ip);
    return { ...(await limitsReply(ctx.db, memberId)), msg: done.msg };
  },

  'set-reality-check': async (body, ctx) => {
    const { memberId } = requireMember(ctx);
    await setRealityMinutes(ctx.db, memberId, body.minutes, ctx.ip);
    return { ...(await limitsReply(ctx.db, memberId)), msg: MSG.realityCheckSaved };
  },

  'get-reality-check': async (_body, ctx) => {
    const member = requireMember(ctx);
    const [play, minutes] = await Promise.all([
      sessionPlay(ctx.db, member.memberId, member.sessionId),
      realityMinutes(ctx.db, member.memberId),
    ]);
    return {
      status: 'success',
      intervalMinutes: minutes,
      sessionStartedAt: play.startedAt.toISOString(),
      now: new Date().toISOString(),
      stakes: play.stakes,
      wins: play.wins,
      net: play.net,
    };
  },

  'answer-reality-check': async (body, ctx) => {
    const member = requireMember(ctx);
    const play = await sessionPlay(ctx.db, member.memberId, member.sessionId);
    const minutesPlayed = Math.floor((Date.now() - play.startedAt.getTime()) / 60_000);
    await recordRealityAnswer(
      ctx.db,
      member.memberId,
      { choice: body.choice, where: body.where, minutesPlayed, net: play.net },
      ctx.ip,
    );
    return { status: 'success' };
  },

  'get-activity': async (_body, ctx) => {
    const member = requireMember(ctx);
    const timezone = siteTimeZone(ctx.site.settings);
    const [logins, totals] = await Promise.all([
      recentLogins(ctx.db, member.memberId, member.sessionId),
      activityTotals(ctx.db, member.memberId, activityWindows(new Date(), timezone)),
    ]);
    return { status: 'success', ...logins, timezone, totals };
  },

  'get-account-statement-csv': async (body, ctx) => {
    const member = requireMember(ctx);
    const timezone = siteTimeZone(ctx.site.settings);
    const range = statementRange(body.from, body.to, timezone);
    // In the member's language (?lang, else the site's lang cookie) and currency, at the site's local time.
    const stream = statementCsv(ctx.db, member.memberId, range, {
      timezone,
      currency: member.user.currency,
      locale: requestLocale(ctx.request, siteLocale(ctx.site.settings)),
    });
    void ctx.reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="statement-${body.from}-${body.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(stream);
    return ctx.reply as never;
  },
});
