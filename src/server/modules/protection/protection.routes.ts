import type { ProtectionViewReply } from '../../../shared/contract/protection-routes.ts';
import { MSG } from '../../../shared/messages.ts';
import { type RouteHandlers, requireMember } from '../../http/member-api.ts';
import { activityTotals, activityWindows, recentLogins } from './activity.service.ts';
import {
  currentProtection,
  type ProtectionChoice,
  type ProtectionView,
  requestLift,
  startProtection,
} from './protection.service.ts';
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

const timezoneOf = (site: { settings: { timezone?: string | undefined } }) => site.settings.timezone ?? 'UTC';

export const protectionRoutes: RouteHandlers = {
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
    const view = await startProtection(ctx.db, requireMember(ctx).memberId, choice, ctx.ip);
    return { status: 'success', msg: MSG.protectionSet, protection: protectionView(view) };
  },

  'ask-lift-protection': async (_body, ctx) => {
    const view = await requestLift(ctx.db, requireMember(ctx).memberId, ctx.ip);
    return { status: 'success', msg: MSG.liftRequested, protection: protectionView(view) };
  },

  'get-activity': async (_body, ctx) => {
    const member = requireMember(ctx);
    const timezone = timezoneOf(ctx.site);
    const [logins, totals] = await Promise.all([
      recentLogins(ctx.db, member.memberId, member.sessionId),
      activityTotals(ctx.db, member.memberId, activityWindows(new Date(), timezone)),
    ]);
    return { status: 'success', ...logins, timezone, totals };
  },

  'get-account-statement-csv': async (body, ctx) => {
    const member = requireMember(ctx);
    const timezone = timezoneOf(ctx.site);
    const range = statementRange(body.from, body.to, timezone);
    const stream = statementCsv(ctx.db, member.memberId, range, { timezone, currency: ctx.config.currency });
    void ctx.reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="statement-${body.from}-${body.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(stream);
    return ctx.reply as never;
  },
};
