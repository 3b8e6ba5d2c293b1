import { absoluteUrl, type Fields, numeric } from './aliases.ts';
import { cashRequestBody } from './balance-paths.ts';
import type { PathTable, ReplyContext } from './path-types.ts';

const absoluteLauncher = (answer: Fields, ctx: ReplyContext): Fields => ({
  ...answer,
  launcherUrl: absoluteUrl(String(answer.launcherUrl), ctx.baseUrl),
});

/** `/public/pay/...` */
export const payPaths: PathTable = {
  get_payment: { route: 'get-deposit-payment' },
  deposit: {
    route: 'apply-deposit-payment',
    about: '`{balance, code?, idx}`: answers an absolute `launcherUrl`.',
    body: (raw) => ({ ...cashRequestBody(raw), idx: numeric(raw.idx) }),
    reply: absoluteLauncher,
  },
  get_payment_withdraw: { route: 'get-withdrawal-payment' },
  withdrawal_launcher: {
    route: 'withdrawal-launcher',
    about: '`{idx}`: answers an absolute `launcherUrl`.',
    body: (raw) => ({ idx: numeric(raw.idx) }),
    reply: absoluteLauncher,
  },
};
