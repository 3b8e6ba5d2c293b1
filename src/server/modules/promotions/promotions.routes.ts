import { MSG } from '../../../shared/messages.ts';
import { type RouteHandlers, requireMember } from '../../http/member-api.ts';
import { readerLanguage } from '../../http/reader-language.ts';
import { siteLocale } from '../sites/site-settings.ts';
import { convertBonus } from './bonus-close.service.ts';
import { asCodeGuess } from './code-guesses.ts';
import { claimByCode, claimFreeSpins } from './grants.service.ts';
import { bonusById, bonusesOf, offersFor } from './member-promotions.service.ts';
import { applyLevelUps, vipProgress } from './vip.service.ts';

/** The member's promotions: what is offered (terms in their language), their bonuses, a bonus by code. */
export const promotionsRoutes: RouteHandlers = {
  'list-promotions': async (_body, ctx) => ({
    status: 'success',
    list: await offersFor(ctx.db, requireMember(ctx).memberId, [
      readerLanguage(ctx.request),
      siteLocale(ctx.site.settings),
    ]),
  }),

  'get-vip-progress': async (_body, ctx) => {
    const memberId = requireMember(ctx).memberId;
    // A level the member's wagering reached since the last sweep is theirs as they look.
    await applyLevelUps(ctx.db, memberId);
    return { status: 'success', vip: await vipProgress(ctx.db, memberId, ctx.site.settings) };
  },

  'get-my-bonuses': async (_body, ctx) => ({
    status: 'success',
    ...(await bonusesOf(ctx.db, requireMember(ctx).memberId)),
  }),

  'claim-promo-code': async (body, ctx) => {
    const memberId = requireMember(ctx).memberId;
    const granted = await asCodeGuess(ctx.limits, { memberId, ip: ctx.ip }, () =>
      ctx.db.transaction((tx) => claimByCode(tx, memberId, body.code)),
    );
    return { status: 'success', msg: MSG.promoClaimed, bonus: await bonusById(ctx.db, granted.id) };
  },

  'claim-free-spins': async (body, ctx) => {
    const memberId = requireMember(ctx).memberId;
    const granted = await ctx.db.transaction((tx) => claimFreeSpins(tx, memberId, body.campaign));
    return { status: 'success', msg: MSG.promoClaimed, bonus: await bonusById(ctx.db, granted.id) };
  },

  'convert-bonus': async (_body, ctx) => {
    const memberId = requireMember(ctx).memberId;
    const converted = await ctx.db.transaction((tx) => convertBonus(tx, memberId, `member:${memberId}`));
    return { status: 'success', bonus: await bonusById(ctx.db, converted.id) };
  },
};
