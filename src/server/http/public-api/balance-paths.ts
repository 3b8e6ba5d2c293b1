import { randomUUID } from 'node:crypto';
import { type Fields, numeric, skipToPage, withRowAliases } from './aliases.ts';
import type { PathTable, PublicPath } from './path-types.ts';

/**
 * A cash request with or without the page's `code`: without one each call is a new request, so
 * a second one while the first waits is still refused with `wait` (one pending request per kind).
 */
export const cashRequestBody = (raw: Fields): Fields => ({
  ...raw,
  code: raw.code === undefined || raw.code === '' ? `public-${randomUUID()}` : raw.code,
});

/** Older clients read withdrawal rows under `deposits` as well as `withdraws`. */
const listAs =
  (...names: string[]) =>
  (answer: Fields): Fields => {
    const aliased = withRowAliases(answer);
    return { ...aliased, ...Object.fromEntries(names.map((n) => [n, aliased.list])) };
  };

const byId = (raw: Fields): Fields => ({ id: numeric(raw.id ?? raw._id) });

const CASH_REQUEST =
  '`{balance, code?}`: without `code` each call is a new request; a second one while the first waits is `wait`.';
const PAGED = '`{skip}`: rows to pass over, 20 per page.';
const BY_ID = '`{id}` (or `_id`; a numeric string is read as a number).';
const TICKER =
  'No body: the site’s 10 latest approved requests: amount, time (`at`) and the member id masked.';

export const applyWithdraw: PublicPath = {
  route: 'apply-user-withdraw',
  about: `${CASH_REQUEST} While the member owes a debt: \`debt\` (msg3041, the amount in \`owed\`).`,
  body: cashRequestBody,
};

/** `/public/balance/...` */
export const balancePaths: PathTable = {
  apply_user_deposit: { route: 'apply-user-deposit', about: CASH_REQUEST, body: cashRequestBody },
  apply_user_withdraw: applyWithdraw,
  user_roll_to_balance: { route: 'roll-to-balance' },
  get_deposit_list: {
    route: 'get-deposit-list',
    about: `${PAGED} Rows under \`list\` and \`deposits\`.`,
    body: skipToPage,
    reply: listAs('deposits'),
  },
  get_withdraw_list: {
    route: 'get-withdraw-list',
    about: `${PAGED} Rows under \`list\`, \`withdraws\` and \`deposits\`.`,
    body: skipToPage,
    reply: listAs('withdraws', 'deposits'),
  },
  get_deposit_and_withdraw: {
    route: 'get-cash-history',
    about: `${PAGED} Deposits and withdrawals together, under \`list\`, \`deposits\` and \`balances\`.`,
    body: skipToPage,
    reply: listAs('deposits', 'balances'),
  },
  user_del_deposit: { route: 'user-del-deposit', about: BY_ID, body: byId },
  user_del_withdraw: { route: 'user-del-withdraw', about: BY_ID, body: byId },
  user_del_all_balance: { route: 'del-all-cash-requests' },
  get_balance_deposit_lock: {
    route: 'get-cash-ticker',
    about: `${TICKER} Rows under \`deposits\`.`,
    body: () => ({ kind: 'deposit' }),
    reply: listAs('deposits'),
  },
  get_balance_withdraw_lock: {
    route: 'get-cash-ticker',
    about: `${TICKER} Rows under \`withdraws\`.`,
    body: () => ({ kind: 'withdraw' }),
    reply: listAs('withdraws'),
  },
  user_ask_to_account_expass: {
    route: 'user-ask-account',
    about: '`{pass}`: the login password, checked first (`pass` when wrong), then one account request.',
    body: (raw) => ({ pass: raw.pass ?? '' }),
  },
};
