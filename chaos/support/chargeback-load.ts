import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import { cashRequests, paymentSessions } from '../../src/server/db/schema.ts';
import { attempt, type Reply, untilAnswered } from './calls.ts';
import { deliverUntilAnswered, type PaymentEvent, paymentEvent } from './payment-provider.ts';
import { isSuccess, type Player, slotRound } from './workload.ts';

/** A card deposit the provider confirmed, and its chargeback once the provider sent one. */
export interface CardDeposit {
  requestId: number;
  sessionId: string;
  amount: number;
  confirmed: PaymentEvent;
  chargeback?: { event: PaymentEvent; taken: number; owed: number; twice: boolean };
}

/**
 * A member of the chargeback load and the oracle's books on them: what their cash, held money and debt
 * must be, from the answers the server gave (a member's calls follow one another, so each step's effect
 * is known exactly: a chargeback takes what cash holds, the rest is owed; a win repays the debt first).
 */
export interface ChargebackMember {
  player: Player;
  cash: number;
  held: number;
  debt: number;
  deposits: CardDeposit[];
  paidWithdrawals: number[];
  /** Withdrawals refused while owing: asked (nothing held) or held and then refused at payout. */
  refusedAsks: number;
  refusedPayouts: number[];
  /** Answers that contradict the oracle (each a defect), in words. */
  surprises: string[];
  /** Payouts the server made while the oracle says a debt was owed. */
  paidWhileOwing: number;
  /** Chargebacks answered 'reversed' more than once. */
  reversedTwice: number;
}

const CHARGEBACK_SHARE = 0.35;
const WITHDRAW_SHARE = 0.4;
/** The demo site's cash step (100 baht): deposits and withdrawals are multiples of it. */
const CASH_STEP = 10_000;

const bearer = (url: () => string, token: string) => ({ authorization: `Bearer ${token}`, origin: url() });
const debtRefusal = (r: Reply) => r.status === 409 && r.json.status === 'debt';

/** The demo site's sandbox card option: its `idx` for apply-deposit-payment. */
export async function cardOption(url: () => string, session: string): Promise<number> {
  const reply = await untilAnswered(
    () => attempt(`${url()}/api/routes/get-deposit-payment`, {}, bearer(url, session)),
    isSuccess,
    'get-deposit-payment',
  );
  const card = (reply.json.payments as { idx: number; kind: string }[]).find((p) => p.kind === 'card');
  if (!card) throw new Error('the demo site offers no card deposit');
  return card.idx;
}

/** A card deposit: the member opens the payment (its code makes a repeat safe), the provider confirms it. */
async function cardDeposit(db: Database['db'], url: () => string, m: ChargebackMember, card: number, n: number) {
  const amount = CASH_STEP * randomInt(1, 6);
  const code = `${m.player.login}-card-${n}`;
  const opened = await untilAnswered(
    () =>
      attempt(`${url()}/api/routes/apply-deposit-payment`, { balance: amount, code, idx: card }, bearer(url, m.player.session)),
    isSuccess,
    `card deposit ${code}`,
  );
  const sessionId = decodeURIComponent(String(opened.json.launcherUrl).split('/').pop()!);
  const [session] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId));
  if (!session) throw new Error(`card deposit ${code}: no payment session ${sessionId}`);
  const confirmed = paymentEvent(sessionId, 'confirmed', amount);
  const outcome = await deliverUntilAnswered(url, confirmed);
  // 'duplicate': an attempt before went through and its answer was lost in the crash.
  if (outcome !== 'credited' && outcome !== 'duplicate') {
    m.surprises.push(`deposit ${session.cashRequestId}: the confirmation answered ${outcome}`);
    return;
  }
  m.cash += amount;
  m.deposits.push({ requestId: session.cashRequestId, sessionId, amount, confirmed });
}

/** Slot rounds with what cash holds: a win repays the debt first (wallet_collect_debt). */
async function play(url: () => string, m: ChargebackMember, n: number) {
  for (let r = 0; r < 2 && m.cash >= 1_000; r++) {
    const stake = Math.min(m.cash, 1_000 * randomInt(1, 30));
    const won = Math.random() < 0.4 ? stake * randomInt(0, 4) : 0;
    await slotRound(url, m.player, n * 10 + r, stake, won);
    const repaid = Math.min(m.debt, won);
    m.cash += won - stake - repaid;
    m.debt -= repaid;
  }
}

/**
 * The provider's chargeback of one of the member's credited deposits: its 'declined', repeated until
 * answered; sometimes a second notice of it (another event id) is delivered at the same moment, as a
 * provider whose first delivery timed out sends again. Exactly one delivery may take the money back.
 */
async function chargeBack(url: () => string, m: ChargebackMember) {
  const open = m.deposits.filter((d) => !d.chargeback);
  const deposit = open[randomInt(0, open.length)];
  if (!deposit) return;
  const event = paymentEvent(deposit.sessionId, 'declined', deposit.amount);
  const twice = Math.random() < 0.35;
  const deliveries = [event, ...(twice ? [paymentEvent(deposit.sessionId, 'declined', deposit.amount)] : [])];
  const outcomes = await Promise.all(deliveries.map((e) => deliverUntilAnswered(url, e)));
  const reversed = outcomes.filter((o) => o === 'reversed').length;
  const known = outcomes.every((o) => ['reversed', 'duplicate', 'already-final'].includes(o));
  if (reversed > 1) m.reversedTwice += 1;
  if (!known) m.surprises.push(`chargeback of ${deposit.requestId} answered ${outcomes.join(', ')}`);
  const taken = Math.min(deposit.amount, m.cash);
  deposit.chargeback = { event, taken, owed: deposit.amount - taken, twice };
  m.cash -= taken;
  m.debt += deposit.amount - taken;
}

/** The request's status in the database: what a decision answered before its reply was lost did. */
async function requestStatus(db: Database['db'], id: number) {
  const [row] = await db.select({ status: cashRequests.status }).from(cashRequests).where(eq(cashRequests.id, id));
  return row?.status;
}

/**
 * A withdrawal: asked by the member (refused while owing), then decided by the operator (the payout is
 * refused while owing, and then the operator rejects it and the money goes back to cash).
 * `meanwhile` runs at the same moment as the payout (a chargeback landing on money already held):
 * whichever commits first decides whether the payout meets the debt.
 */
async function withdraw(
  db: Database['db'],
  url: () => string,
  m: ChargebackMember,
  operatorToken: string,
  n: number,
  meanwhile: () => Promise<void>,
) {
  const amount = Math.floor(m.cash / 2 / CASH_STEP) * CASH_STEP;
  // Too little left to withdraw (a chargeback just took it): the chargeback planned beside it still comes.
  if (amount === 0) return meanwhile();
  const code = `${m.player.login}-out-${n}`;
  const asked = await untilAnswered(
    () => attempt(`${url()}/api/routes/apply-user-withdraw`, { balance: amount, code }, bearer(url, m.player.session)),
    (r) => isSuccess(r) || debtRefusal(r),
    `withdraw ${code}`,
  );
  if (debtRefusal(asked)) {
    if (m.debt === 0) m.surprises.push(`withdrawal ${code} refused for a debt while the oracle says none is owed`);
    m.refusedAsks += 1;
    return meanwhile();
  }
  if (m.debt > 0) m.surprises.push(`withdrawal ${code} held while ${m.debt} was owed`);
  const id = asked.json.requestId as number;
  m.cash -= amount;
  m.held += amount;
  const owedBefore = m.debt;
  const decide = (decision: 'approve' | 'reject') =>
    untilAnswered(
      () =>
        attempt(
          `${url()}/api/admin/cashier/withdraw/${id}/${decision}`,
          decision === 'reject' ? { reason: 'the member owes a reversed deposit' } : {},
          bearer(url, operatorToken),
        ),
      (r) => r.status < 300 || r.status === 409,
      `${decision} withdrawal ${id}`,
    );
  const [approved] = await Promise.all([decide('approve'), meanwhile()]);
  // A 409 other than the debt's: an attempt before was decided and its answer lost; the database says how.
  const paid = approved.status < 300 || (!debtRefusal(approved) && (await requestStatus(db, id)) === 'already');
  m.held -= amount;
  if (paid) {
    // Owed before the payout was asked: it must have been refused (a debt the chargeback beside it left
    // is checked against the commit order afterwards, verify-chargebacks.ts).
    if (owedBefore > 0) m.paidWhileOwing += 1;
    m.paidWithdrawals.push(id);
    return;
  }
  if (m.debt === 0) m.surprises.push(`withdrawal ${id}: payout refused (${JSON.stringify(approved.json)}) with no debt owed`);
  await decide('reject');
  m.cash += amount;
  m.refusedPayouts.push(id);
}

/** One turn of a member: a card deposit, slot rounds, and now and then a chargeback and a withdrawal. */
async function turn(
  db: Database['db'],
  url: () => string,
  m: ChargebackMember,
  card: number,
  operatorToken: string,
  n: number,
) {
  await cardDeposit(db, url, m, card, n);
  await play(url, m, n);
  const chargeback = Math.random() < CHARGEBACK_SHARE;
  const withdrawal = m.cash >= 2 * CASH_STEP && Math.random() < WITHDRAW_SHARE;
  // Half the chargebacks land while a withdrawal is held, waiting for its payout.
  const during = chargeback && withdrawal && Math.random() < 0.5;
  if (chargeback && !during) await chargeBack(url, m);
  if (withdrawal) await withdraw(db, url, m, operatorToken, n, () => (during ? chargeBack(url, m) : Promise.resolve()));
}

/** Every member's turns, one after another per member, all members at once, until `stop()`. */
export function runChargebackLoad(
  db: Database['db'],
  url: () => string,
  members: ChargebackMember[],
  card: number,
  operatorToken: string,
) {
  let running = true;
  let turns = 0;
  const loops = members.map(async (m) => {
    for (let n = 0; running; n++) {
      // A refusal the load did not expect ends the turn, not the run: the check afterwards tells it.
      await turn(db, url, m, card, operatorToken, n).catch(async (error: Error) => {
        m.surprises.push(`turn ${n}: ${error.message}`);
        await sleep(500);
      });
      turns += 1;
    }
  });
  return {
    turns: () => turns,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

export const chargebackMember = (player: Player): ChargebackMember => ({
  player,
  cash: player.expectedCash,
  held: 0,
  debt: 0,
  deposits: [],
  paidWithdrawals: [],
  refusedAsks: 0,
  refusedPayouts: [],
  surprises: [],
  paidWhileOwing: 0,
  reversedTwice: 0,
});
