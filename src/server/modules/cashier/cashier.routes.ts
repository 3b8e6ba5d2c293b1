import { randomUUID } from 'node:crypto';
import { MSG } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { ApiError, errors } from '../../http/errors.ts';
import { type RouteHandlers, requireMember } from '../../http/member-api.ts';
import { requireSecondFactor } from '../accounts/two-factor.service.ts';
import { recordingLimitHits } from '../protection/limits.service.ts';
import { askForDepositAccount, latestAccountRequest } from '../support/account-requests.service.ts';
import { cashTicker } from './cash-ticker.service.ts';
import { cashRequestView } from './cashier.presenter.ts';
import { deskState } from './cashier-hours.ts';
import { compTerms, exchangeComp } from './comp.service.ts';
import { requestDeposit } from './deposits.service.ts';
import { hideCashRequest, hideFinishedCashRequests, listCashRequests } from './history.service.ts';
import { cancelOwnRequest, resumeDepositPayment } from './member-requests.service.ts';
import { signMemberRef } from './payments/member-ref.ts';
import { findOption, listPaymentOptions, startDepositPayment } from './payments/payments.service.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { expirePaymentSessions } from './payments/session-expiry.ts';
import { statementPage } from './statement-page.ts';
import { requestWithdrawal } from './withdrawals.service.ts';

const itemsOf = (items: Awaited<ReturnType<typeof listCashRequests>>['items']) => items.map(cashRequestView);

/** Anything unexpected while withdrawing is shown as msg2018 (SPEC §8), never as a bare 500. */
function asWithdrawFailure(error: unknown): never {
  if (error instanceof ApiError) throw error;
  throw errors.failed('the withdrawal could not be requested', MSG.withdrawFailed);
}

export function cashierRoutes(
  providers: ReadonlyMap<string, PaymentProvider>,
  secret: string,
): RouteHandlers {
  // A card or coin payment left open past its time no longer blocks the member's next deposit,
  // even before the minute's sweep reaches it.
  const expireOverdueOf = (db: Db, memberId: number) => expirePaymentSessions(db, providers, { memberId });
  return {
    'apply-user-deposit': async (body, ctx) => {
      const member = requireMember(ctx);
      await expireOverdueOf(ctx.db, member.memberId);
      const { request } = await recordingLimitHits(ctx.db, member.memberId, () =>
        ctx.db.transaction((tx) =>
          requestDeposit(tx, member, ctx.site, { amount: body.balance, code: body.code, promo: body.promo }),
        ),
      );
      return { status: 'success', msg: MSG.depositRequested, requestId: request.id };
    },

    'apply-user-withdraw': async (body, ctx) => {
      const member = requireMember(ctx);
      // Money leaving: the second factor first, for members who turned it on (issue 32).
      await requireSecondFactor(ctx.db, ctx.limits, ctx.config, member.memberId, body.otp);
      const option = body.idx ? await findOption(ctx.db, ctx.site, body.idx, 'withdraw') : undefined;
      const { request } = await requestWithdrawal(ctx.db, member, ctx.site, {
        amount: body.balance,
        code: body.code,
        option,
        forfeitBonus: body.forfeitBonus,
      }).catch(asWithdrawFailure);
      return { status: 'success', msg: MSG.withdrawRequested, requestId: request.id };
    },

    'roll-to-balance': async (body, ctx) => {
      const { amount } = await exchangeComp(ctx.db, requireMember(ctx), ctx.site, body);
      return { status: 'success', msg: MSG.compExchanged, amount };
    },

    'get-comp-settings': async (_body, ctx) => ({
      status: 'success',
      ...(await compTerms(ctx.db, requireMember(ctx), ctx.site)),
    }),

    'user-ask-account': async (body, ctx) => {
      try {
        await askForDepositAccount(ctx.db, ctx.limits, requireMember(ctx), ctx.site, body.pass);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw errors.failed('the account request could not be saved', MSG.accountRequestFailed);
      }
      return { status: 'success', msg: MSG.accountRequested };
    },

    'get-deposit-account': async (_body, ctx) => ({
      status: 'success',
      request: await latestAccountRequest(ctx.db, requireMember(ctx).memberId),
    }),

    'get-deposit-list': async (body, ctx) => {
      const { items, total } = await listCashRequests(ctx.db, requireMember(ctx).memberId, 'deposit', body);
      return { status: 'success', list: itemsOf(items), maxCount: total };
    },

    'get-withdraw-list': async (body, ctx) => {
      const { items, total } = await listCashRequests(ctx.db, requireMember(ctx).memberId, 'withdraw', body);
      return { status: 'success', list: itemsOf(items), maxCount: total };
    },

    'user-del-deposit': async (body, ctx) => {
      await hideCashRequest(ctx.db, requireMember(ctx).memberId, 'deposit', body.id);
      return { status: 'success', msg: MSG.requestDeleted };
    },

    'user-del-withdraw': async (body, ctx) => {
      await hideCashRequest(ctx.db, requireMember(ctx).memberId, 'withdraw', body.id);
      return { status: 'success', msg: MSG.requestDeleted };
    },

    'user-cancel-deposit': async (body, ctx) => {
      await cancelOwnRequest(ctx.db, providers, requireMember(ctx).memberId, 'deposit', body.id);
      return { status: 'success', msg: MSG.requestCancelled };
    },

    'user-cancel-withdraw': async (body, ctx) => {
      await cancelOwnRequest(ctx.db, providers, requireMember(ctx).memberId, 'withdraw', body.id);
      return { status: 'success', msg: MSG.requestCancelled };
    },

    'resume-deposit-payment': async (body, ctx) => ({
      status: 'success',
      ...(await resumeDepositPayment(ctx.db, providers, requireMember(ctx).memberId, body.id)),
    }),

    'get-cash-history': async (body, ctx) => {
      const { items, total } = await listCashRequests(ctx.db, requireMember(ctx).memberId, 'both', body);
      return {
        status: 'success',
        list: items.map((r) => ({ ...cashRequestView(r), kind: r.kind })),
        maxCount: total,
      };
    },

    'del-all-cash-requests': async (_body, ctx) => ({
      status: 'success',
      msg: MSG.requestDeleted,
      count: await hideFinishedCashRequests(ctx.db, requireMember(ctx).memberId),
    }),

    'get-cash-ticker': async (body, ctx) => ({
      status: 'success',
      list: await cashTicker(ctx.db, ctx.site, body.kind),
    }),

    'get-user-statement': async (body, ctx) => ({
      status: 'success',
      ...(await statementPage(ctx.db, requireMember(ctx).memberId, body)),
    }),

    'get-balance-deposit-lock': async (_body, ctx) => ({
      status: 'success',
      ...deskState(ctx.site, 'deposit'),
    }),

    'get-balance-withdraw-lock': async (_body, ctx) => ({
      status: 'success',
      ...deskState(ctx.site, 'withdraw'),
    }),

    'get-deposit-payment': async (_body, ctx) => ({
      status: 'success',
      payments: await listPaymentOptions(ctx.db, ctx.site.id, 'deposit'),
    }),

    'get-withdrawal-payment': async (_body, ctx) => ({
      status: 'success',
      payments: await listPaymentOptions(ctx.db, ctx.site.id, 'withdraw'),
    }),

    'apply-deposit-payment': async (body, ctx) => {
      const member = requireMember(ctx);
      await expireOverdueOf(ctx.db, member.memberId);
      const { launcherUrl } = await recordingLimitHits(ctx.db, member.memberId, () =>
        startDepositPayment(ctx.db, providers, member, ctx.site, {
          amount: body.balance,
          code: body.code,
          idx: body.idx,
          promo: body.promo,
          mode: { production: ctx.config.production },
        }),
      );
      return { status: 'success', msg: MSG.depositRequested, launcherUrl };
    },

    'withdrawal-launcher': async (body, ctx) => {
      const member = requireMember(ctx);
      const option = await findOption(ctx.db, ctx.site, body.idx, 'withdraw');
      const provider = providers.get(option.provider);
      if (!provider) throw new Error(`payment provider ${option.provider} is not installed`);
      const ref = signMemberRef(secret, member.memberId, randomUUID());
      return { status: 'success', launcherUrl: provider.withdrawalLauncherUrl(ref, option.id) };
    },
  };
}
