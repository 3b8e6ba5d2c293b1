/**
 * npm run sports:verify -- <betId> [...]: recomputes a settled bet's return from its stored payout
 * proof alone, with its own integer arithmetic. It deliberately imports none of the settlement
 * code (src/shared/sports), so a fault there cannot hide itself here.
 */
import { sql } from 'drizzle-orm';
import { type Db, openDatabase, queryRows } from '../src/server/db/client.ts';

type Q = [bigint, bigint];
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const norm = ([n, d]: Q): Q => {
  const g = gcd(n, d) || 1n;
  return d < 0n ? [-n / g, -d / g] : [n / g, d / g];
};
const parse = (t: string): Q => {
  const [n, d] = t.split('/');
  if (!/^-?\d+$/.test(n ?? '') || !/^\d+$/.test(d ?? '') || BigInt(d!) === 0n)
    throw new Error(`not a fraction: ${t}`);
  return norm([BigInt(n!), BigInt(d!)]);
};
const plus = (a: Q, b: Q): Q => norm([a[0] * b[1] + b[0] * a[1], a[1] * b[1]]);
const times = (a: Q, b: Q): Q => norm([a[0] * b[0], a[1] * b[1]]);
const same = (a: Q, b: Q) => a[0] === b[0] && a[1] === b[1];

interface Proof {
  unitStake: string;
  sizes: number[];
  lines: number[][];
  /** An `open` leg had no result yet: every line it is in must be lost on another leg. */
  legs: { open?: boolean; price: string; v: string; w: number; d: string; f: string }[];
  exactReturn: string;
  rounding: 'down' | 'nearest';
  return: string;
}

/** Every k-subset of n legs for each size, in order. */
function expectedLines(n: number, sizes: number[]): number[][] {
  const out: number[][] = [];
  for (const k of [...new Set(sizes)].sort((a, b) => a - b)) {
    const rec = (start: number, acc: number[]) => {
      if (acc.length === k) return void out.push(acc);
      for (let i = start; i < n; i++) rec(i + 1, [...acc, i]);
    };
    rec(0, []);
  }
  return out;
}

/** The problems found in a proof; empty when it holds. */
export function checkProof(proof: Proof, storedAmount: number): string[] {
  const problems: string[] = [];
  const factors = proof.legs.map((leg, i): Q | undefined => {
    if (leg.open) return undefined;
    const v = parse(leg.v);
    const d = parse(leg.d);
    const p = parse(leg.price);
    const f = plus(v, leg.w === 1 ? times(times(plus([1n, 1n], [-v[0], v[1]]), d), p) : [0n, 1n]);
    if (!same(f, parse(leg.f))) problems.push(`leg ${i}: f is ${f[0]}/${f[1]}, proof says ${leg.f}`);
    return f;
  });
  if (JSON.stringify(expectedLines(proof.legs.length, proof.sizes)) !== JSON.stringify(proof.lines))
    problems.push('the lines are not the combinations of the sizes');
  let total: Q = [0n, 1n];
  for (const line of proof.lines) {
    const own = line.map((i) => factors[i]);
    if (own.some((f) => f !== undefined && f[0] === 0n)) continue;
    if (own.some((f) => f === undefined)) {
      problems.push(`line ${line.join('+')} waits for a leg without a result: the bet was not decided`);
      continue;
    }
    total = plus(
      total,
      own.reduce<Q>((acc, f) => times(acc, f!), [BigInt(proof.unitStake), 1n]),
    );
  }
  if (!same(total, parse(proof.exactReturn)))
    problems.push(`exact return is ${total[0]}/${total[1]}, proof says ${proof.exactReturn}`);
  const floor = total[0] / total[1];
  const rounded =
    proof.rounding === 'down' ? floor : (total[0] - floor * total[1]) * 2n >= total[1] ? floor + 1n : floor;
  if (rounded.toString() !== proof.return)
    problems.push(`rounded return is ${rounded}, proof says ${proof.return}`);
  if (rounded !== BigInt(storedAmount))
    problems.push(`recorded amount ${storedAmount} differs from ${rounded}`);
  return problems;
}

interface CashoutProof {
  kind: 'cashout';
  stake: string;
  part: string;
  marginBp: number;
  legs: {
    state: 'decided' | 'open';
    price: string;
    current?: string;
    market?: string[];
    q?: string;
    worth: string;
  }[];
  exactValue: string;
  paid: string;
}

const inverse = (a: Q): Q => norm([a[1], a[0]]);

/**
 * The problems found in a cash-out's proof: each open leg's fair probability q = (1/current) / Σ 1/p
 * over its market's prices, its worth price × q; the value stake × Π worth × (1 − margin); the amount
 * paid ⌊value × part / stake⌋.
 */
export function checkCashoutProof(proof: CashoutProof, storedAmount: number): string[] {
  const problems: string[] = [];
  let value: Q = [BigInt(proof.stake), 1n];
  proof.legs.forEach((leg, i) => {
    const worth = parse(leg.worth);
    if (leg.state === 'open') {
      const market = (leg.market ?? []).map(parse);
      const current = parse(leg.current ?? '0/1');
      if (!market.some((p) => same(p, current)))
        problems.push(`leg ${i}: its price is not among its market's`);
      const overround = market.reduce<Q>((acc, p) => plus(acc, inverse(p)), [0n, 1n]);
      const q = times(inverse(current), inverse(overround));
      if (!same(q, parse(leg.q ?? '0/1')))
        problems.push(`leg ${i}: q is ${q[0]}/${q[1]}, proof says ${leg.q}`);
      const w = times(parse(leg.price), q);
      if (!same(w, worth)) problems.push(`leg ${i}: worth is ${w[0]}/${w[1]}, proof says ${leg.worth}`);
    } else if (worth[0] <= 0n) problems.push(`leg ${i}: a decided leg worth nothing cannot be cashed out`);
    value = times(value, worth);
  });
  value = times(value, [BigInt(10_000 - proof.marginBp), 10_000n]);
  if (!same(value, parse(proof.exactValue)))
    problems.push(`value is ${value[0]}/${value[1]}, proof says ${proof.exactValue}`);
  const share = times(value, [BigInt(proof.part), BigInt(proof.stake)]);
  const paid = share[0] / share[1];
  if (paid.toString() !== proof.paid) problems.push(`paid is ${paid}, proof says ${proof.paid}`);
  if (paid !== BigInt(storedAmount)) problems.push(`recorded amount ${storedAmount} differs from ${paid}`);
  return problems;
}

const isCashout = (kind: string) => kind === 'cashout' || kind === 'cashout_partial';

/**
 * Checks a bet's settlement in force (its latest settling step with a proof) and every cash-out it had
 * (a partial one, or the cash-out that ended it).
 */
export async function verifyBet(
  db: Db,
  betId: number,
): Promise<{ betId: number; amount?: number; problems: string[] }> {
  const rows = await queryRows<{ amount: number; proof: Proof | CashoutProof | null; kind: string }>(
    db,
    // Not a payment a later step took back (a result unsettled, a cash-out a void took back).
    sql`select s.amount, s.proof, s.kind from sb_settlements s where s.bet_id = ${betId} and s.proof is not null
          and not exists (select 1 from sb_settlements u where u.bet_id = s.bet_id and u.kind = 'unsettle'
                          and u.ref_tx_id = s.wallet_tx_id)
        order by s.seq`,
  );
  if (rows.length === 0) return { betId, problems: ['no settlement with a proof'] };
  const problems: string[] = [];
  let amount = 0;
  for (const row of rows.filter((r) => isCashout(r.kind))) {
    problems.push(...checkCashoutProof(row.proof as CashoutProof, Number(row.amount)));
    amount += Number(row.amount);
  }
  const inForce = rows.filter((r) => !isCashout(r.kind)).at(-1);
  if (inForce) {
    problems.push(...checkProof(inForce.proof as Proof, Number(inForce.amount)));
    amount += Number(inForce.amount);
  }
  return { betId, amount, problems };
}

async function main() {
  const ids = process.argv
    .slice(2)
    .filter((a) => /^\d+$/.test(a))
    .map(Number);
  if (ids.length === 0) {
    console.error('usage: npm run sports:verify -- <betId> [...]');
    process.exit(2);
  }
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR ?? './data/pglite',
  });
  let bad = 0;
  for (const id of ids) {
    const r = await verifyBet(database.db, id);
    if (r.problems.length) bad++;
    console.log(
      r.problems.length
        ? `bet ${id}: FAILED\n  ${r.problems.join('\n  ')}`
        : `bet ${id}: return ${r.amount} verified`,
    );
  }
  await database.close();
  process.exit(bad ? 1 : 0);
}

if (process.argv[1]?.endsWith('sports-verify.ts')) await main();
