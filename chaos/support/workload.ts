import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import type { Database } from '../../src/server/db/client.ts';
import { members } from '../../src/server/db/schema.ts';
import { hmacSign } from '../../src/server/http/hmac-signature.ts';
import { createOperator } from '../../src/server/modules/backoffice/operators.service.ts';
import { WALLET_SIGNATURE_HEADER } from '../../src/server/modules/games/provider.ts';
import { transfer } from '../../src/server/modules/ledger/ledger.service.ts';
import { attempt, type Reply, untilAnswered } from './calls.ts';
import { prematchSelections, sportsBet } from './sports.ts';
import { totpSecretKeyFrom } from '../../src/server/config.ts';

export const WALLET_SECRET = randomBytes(32).toString('hex');
const FUNDS = 1_000_000_000;
const BET = 100;

export interface Player {
  memberId: number;
  login: string;
  session: string;
  gameToken: string;
  /** What the player's cash must be, from the calls the servers acknowledged. */
  expectedCash: number;
  /** Wallet transaction ids the servers acknowledged, and deposit requests approved. */
  ackedWalletTx: string[];
  approvedDeposits: number[];
  /** The sports window's launch token (sports players only) and the bets the book accepted. */
  sportsToken?: string;
  acceptedSportsBets: string[];
}

/** Players and an operator, set up through the API of a running server (`url`). */
export async function preparePlayers(
  db: Database['db'],
  url: () => string,
  count: number,
  /** The cash each player starts with (an adjustment); 0: none, they deposit what they play. */
  funds = FUNDS,
): Promise<{ players: Player[]; operatorToken: string }> {
  const tag = randomBytes(3).toString('hex');
  const players: Player[] = [];
  const post = async (path: string, body: unknown, token?: string) =>
    untilAnswered(
      () => attempt(`${url()}${path}`, body, token ? { authorization: `Bearer ${token}`, origin: url() } : { origin: url() }),
      (r) => r.status >= 200 && r.status < 300,
      path,
    );
  // A bank of the site's own list, as its registration form offers (the demo's Thai site lists Thai banks).
  const site = (await post('/api/routes/get-reg-domain', {})).json.site as { banks: string[] };
  const bankname = site.banks[0] ?? 'Chaos Bank';
  for (let i = 0; i < count; i++) {
    const login = `ch${tag}${i}`;
    await post('/api/routes/user-register', {
      id: login,
      pw: 'chaospass1',
      nick: login,
      phone: '01012345678',
      bankname,
      birthDate: '1990-04-01',
      terms: true,
      bankOwner: 'Chaos',
      banknum: '123-456-789',
    });
    const session = (await post('/api/routes/user-do-login', { id: login, pw: 'chaospass1' })).json.token as string;
    const [member] = await db.select({ id: members.id }).from(members).where(eq(members.loginId, login));
    if (funds > 0) {
      await transfer(db, {
        idempotencyKey: `chaos:fund:${member!.id}`,
        from: { house: 'adjustments' },
        to: { memberId: member!.id, kind: 'cash' },
        amount: funds,
        kind: 'adjustment',
      });
    }
    const launched = await post('/api/routes/open-game', { code: 'lucky-sevens', company: 'royal-slots' }, session);
    const gameToken = new URL(launched.json.url as string, url()).searchParams.get('token')!;
    const sports = isSportsPlayer(i)
      ? await post('/api/routes/open-game', { code: 'sportsbook', company: 'royal-sports' }, session)
      : undefined;
    players.push({
      ...(sports ? { sportsToken: new URL(sports.json.url as string, url()).searchParams.get('token')! } : {}),
      acceptedSportsBets: [],
      memberId: member!.id,
      login,
      session,
      gameToken,
      expectedCash: funds,
      ackedWalletTx: [],
      approvedDeposits: [],
    });
  }
  const { totpSecret } = await createOperator(db, totpSecretKeyFrom(process.env), { login: `chaos-${tag}`, password: 'chaos-operator1', role: 'owner' });
  const operator = await post('/api/admin/login', {
    login: `chaos-${tag}`,
    password: 'chaos-operator1',
    otp: generateSync({ secret: totpSecret }),
    bearer: true,
  });
  return { players, operatorToken: operator.json.token as string };
}

const signed = (body: object) => {
  const text = JSON.stringify(body);
  return { text, headers: { [WALLET_SIGNATURE_HEADER]: hmacSign(WALLET_SECRET, text) } };
};
export const isSuccess = (r: Reply) => r.status < 300 && r.json.status === 'success';

/**
 * One slot round through the seamless wallet: a bet of `stake`, then the win of `won` that closes it,
 * each repeated until answered; both acknowledged ids are kept on the player. The caller keeps the books.
 */
export async function slotRound(url: () => string, player: Player, n: number, stake: number, won: number) {
  const round = `${player.login}-${n}-${randomBytes(3).toString('hex')}`;
  const bet = signed({ txId: `b-${round}`, roundId: round, token: player.gameToken, amount: stake });
  await untilAnswered(() => attempt(`${url()}/wallet/house/bet`, bet.text, bet.headers), isSuccess, `bet ${round}`);
  player.ackedWalletTx.push(`b-${round}`);
  const win = signed({ txId: `w-${round}`, roundId: round, amount: won, closeRound: true });
  await untilAnswered(() => attempt(`${url()}/wallet/house/win`, win.text, win.headers), isSuccess, `win ${round}`);
  player.ackedWalletTx.push(`w-${round}`);
}

/** A fixed slot round: a bet of BET, every third round won double. */
async function walletRound(url: () => string, player: Player, n: number) {
  const won = n % 3 === 0 ? 2 * BET : 0;
  await slotRound(url, player, n, BET, won);
  player.expectedCash += won - BET;
}

/** A deposit asked for by the member (its code makes a repeat safe) and approved by the operator. */
async function cashierRound(url: () => string, player: Player, operatorToken: string, n: number) {
  const amount = 10_000 * (1 + (n % 5));
  const code = `${player.login}-dep-${n}`;
  const asked = await untilAnswered(
    () =>
      attempt(`${url()}/api/routes/apply-user-deposit`, { balance: amount, code }, {
        authorization: `Bearer ${player.session}`,
        origin: url(),
      }),
    isSuccess,
    `deposit ${code}`,
  );
  const id = asked.json.requestId as number;
  // A repeat of an approval that did go through is told the request is no longer pending.
  await untilAnswered(
    () =>
      attempt(`${url()}/api/admin/cashier/deposit/${id}/approve`, {}, {
        authorization: `Bearer ${operatorToken}`,
        origin: url(),
      }),
    (r) => isSuccess(r) || r.status === 409,
    `approve ${id}`,
  );
  player.expectedCash += amount;
  player.approvedDeposits.push(id);
}

const isSportsPlayer = (i: number) => i % 4 === 1;
const isCashierPlayer = (i: number) => i % 4 === 3;

/** A single sports bet; the book's refusals (a price moved, a limit) take no money. */
async function sportsRound(url: () => string, player: Player, selections: { id: number; price: string }[], n: number) {
  const { stake, requestId } = await sportsBet(url, player.sportsToken!, selections[n % selections.length]!);
  player.expectedCash -= stake;
  if (stake > 0) player.acceptedSportsBets.push(requestId);
}

/**
 * Runs every player's loop until `stop()`: half the players play slot rounds, a quarter bet on
 * sports, a quarter deposit. A loop always finishes its round, so every call it made is answered in
 * the end.
 */
export async function runLoad(url: () => string, players: Player[], operatorToken: string) {
  let running = true;
  let rounds = 0;
  const selections = await prematchSelections(url());
  if (selections.length === 0) throw new Error('no sports selections to bet on');
  const loops = players.map(async (player, i) => {
    for (let n = 0; running; n++) {
      if (isCashierPlayer(i)) await cashierRound(url, player, operatorToken, n);
      else if (isSportsPlayer(i)) await sportsRound(url, player, selections, n);
      else await walletRound(url, player, n);
      rounds += 1;
    }
  });
  return {
    rounds: () => rounds,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
