import { MSG, STATUS } from '../../../shared/messages.ts';
import { ApiError } from '../../http/api-error.ts';
import { errors } from '../../http/errors.ts';
import type { RouteContext, RouteHandlers } from '../../http/member-api.ts';
import { requireMember } from '../../http/member-api.ts';
import { clearSessionCookie, setSessionCookie } from '../../http/session-token.ts';
import { liveState } from '../live/live.routes.ts';
import { registrationRules, siteSummary } from '../sites/sites.service.ts';
import {
  assertIdFree,
  assertNickFree,
  changePassword,
  login,
  referrerOf,
  register,
  setPassword,
} from './accounts.service.ts';
import { releaseAttempt, reserveAttempt } from './attempt-limits.ts';
import { createSession, revokeSession } from './sessions.repo.ts';
import { requireSecondFactor } from './two-factor.service.ts';

/** The site a page is registering on: its Origin when it sends one, else the Host. */
function originHostname(ctx: RouteContext): string {
  const origin = ctx.request.headers.origin;
  if (origin) {
    try {
      return new URL(origin).hostname;
    } catch {
      // fall through to the Host header
    }
  }
  return ctx.request.hostname;
}

/**
 * Id and nick checks answer "taken" or "free", so each address gets a few per window
 * (config.availabilityChecksPerWindow, 30 by default): enough for a registration form, too few to
 * walk a list of ids.
 */
async function limitAvailabilityChecks(ctx: RouteContext) {
  const limiter = ctx.limits.availabilityChecks;
  if (!limiter) return;
  const reservation = await reserveAttempt([limiter, ctx.ip]);
  if (!reservation.ok) {
    throw new ApiError(
      429,
      STATUS.limited,
      MSG.tooManyRequests,
      'too many availability checks; try again later',
      {
        retryAfter: reservation.retryAfter,
      },
    );
  }
}

/**
 * A registration refused for a taken id or nick, or an unknown referral code, says what
 * check-user-id, check-user-nick and check-user-code say: it counts against the same limit, else
 * `user-register` (and /public/'s `reg`) walked a list of ids with no limit at all (a nick known to
 * be taken keeps every try from creating an account). Any other outcome gives its point back, so
 * registering is not limited by this.
 */
async function countedAsACheck<T>(ctx: RouteContext, run: () => Promise<T>): Promise<T> {
  await limitAvailabilityChecks(ctx);
  const limiter = ctx.limits.availabilityChecks;
  try {
    const result = await run();
    if (limiter) await releaseAttempt({ giveBack: [limiter, ctx.ip] });
    return result;
  } catch (error) {
    const reveals = error instanceof ApiError && ANSWERS_OF_CHECKS.has(error.msg);
    if (limiter && !reveals) await releaseAttempt({ giveBack: [limiter, ctx.ip] });
    throw error;
  }
}

/** The refusals that tell whether an id, a nick or a referral code exists. */
const ANSWERS_OF_CHECKS = new Set<string>([MSG.idTaken, MSG.nickTaken, MSG.referralUnknown]);

export const accountsRoutes: RouteHandlers = {
  // The new member is logged in at once (issue 31): the page goes to the home page signed in.
  'user-register': async (body, ctx) => {
    const memberId = await countedAsACheck(ctx, () => register(ctx.db, ctx.site, body));
    const session = await createSession(ctx.db, ctx.config, memberId, {
      ip: ctx.ip,
      userAgent: ctx.request.headers['user-agent'],
    });
    setSessionCookie(ctx.request, ctx.reply, session.token, ctx.config.sessionMaxMs);
    ctx.reply.code(201);
    return {
      status: 'success',
      msg: MSG.registered,
      token: session.token,
      userId: body.id,
      expiresAt: session.expiresAt.toISOString(),
    };
  },

  'check-user-id': async (body, ctx) => {
    await limitAvailabilityChecks(ctx);
    await assertIdFree(ctx.db, body.id);
    return { status: 'success', msg: MSG.idAvailable };
  },

  'check-user-nick': async (body, ctx) => {
    await limitAvailabilityChecks(ctx);
    await assertNickFree(ctx.db, body.nick);
    return { status: 'success', msg: MSG.nickAvailable };
  },

  'check-user-code': async (body, ctx) => {
    await limitAvailabilityChecks(ctx);
    await referrerOf(ctx.db, ctx.site.id, body.code);
    return { status: 'success' };
  },

  'user-do-login': async (body, ctx) => {
    // Both are required before any lookup (SPEC §5).
    if (!body.id?.trim() || !body.pw) throw errors.invalid('id and pw are required', MSG.loginFailed);
    const session = await login(ctx.db, ctx.config, ctx.limits, {
      id: body.id,
      pw: body.pw,
      otp: body.otp,
      ip: ctx.ip,
      userAgent: ctx.request.headers['user-agent'],
      siteId: ctx.site.id,
    });
    setSessionCookie(ctx.request, ctx.reply, session.token, ctx.config.sessionMaxMs);
    return {
      status: 'success',
      msg: MSG.loginSuccess,
      token: session.token,
      userId: session.userId,
      expiresAt: session.expiresAt.toISOString(),
    };
  },

  'user-logout': async (_body, ctx) => {
    const revoked = ctx.token !== undefined && (await revokeSession(ctx.db, ctx.token));
    clearSessionCookie(ctx.reply);
    if (!revoked) throw errors.unauthorized('no live session to end');
    return { status: 'success', msg: MSG.loggedOut };
  },

  // The same state the live stream pushes (modules/live), so the site treats both alike.
  'user-health-check': async (_body, ctx) => liveState(requireMember(ctx)),

  'get-reg-domain': async (_body, ctx) => {
    const domain = originHostname(ctx);
    const site = domain === ctx.request.hostname ? ctx.site : await ctx.resolveSite(domain);
    return {
      status: 'success',
      domain,
      site: { ...siteSummary(site), ...registrationRules(site) },
    };
  },

  'user-change-password': async (body, ctx) => {
    const member = requireMember(ctx);
    await changePassword(ctx.db, ctx.limits, member, body.oldPw, body.newPw);
    return { status: 'success', msg: MSG.passwordChanged };
  },

  'user-set-password': async (body, ctx) => {
    const member = requireMember(ctx);
    // No current password is asked here: a session alone must not take the account of a member
    // who turned the second factor on (it is asked before money leaves for the same reason).
    await requireSecondFactor(ctx.db, ctx.limits, ctx.config, member.memberId, body.otp);
    await setPassword(ctx.db, member, body.pw, 'without-current');
    return { status: 'success', msg: MSG.passwordChanged };
  },
};
