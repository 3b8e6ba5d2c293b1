import { campaignProblem } from '../../../shared/campaign-rules.ts';
import type { AdminReply, SendBody } from '../../../shared/contract/admin/endpoint.ts';
import { adminContract } from '../../../shared/contract/admin/index.ts';
import { LOCALES, type Locale } from '../../../shared/format.ts';
import { minorToDecimal, parseMajor } from '../../../shared/money.ts';
import { type CampaignType, FREE_SPIN_GAMES, FREE_SPIN_STAKES } from '../../../shared/promotions.ts';
import { fromLocalInput, toLocalInput } from '../../components/local-time.ts';

type Api = typeof adminContract.promotions;
export type Campaign = AdminReply<Api['list']>['campaigns'][number];
export type CampaignBody = SendBody<Api['create']>;

/**
 * The campaign form's fields as the operator types them: amounts in major units of the campaign's
 * currency, percentages and contributions in percent, the minimum odds as a decimal price, times in
 * local wall time, levels and sites as comma lists. An empty optional amount means "no limit".
 */
export interface CampaignDraft {
  name: string;
  type: CampaignType;
  currency: string;
  code: string;
  percent: string;
  fixedAmount: string;
  cap: string;
  minDeposit: string;
  levels: string;
  siteIds: string;
  newMembersOnly: boolean;
  startsAt: string;
  endsAt: string;
  wageringMultiple: string;
  wageringBase: Campaign['wageringBase'];
  slots: string;
  tables: string;
  sports: string;
  sportsMinOdds: string;
  maxStake: string;
  expiryDays: string;
  conversionCap: string;
  stakeOrder: Campaign['stakeOrder'];
  cashbackPeriodDays: string;
  cashbackPaidAs: Campaign['cashbackPaidAs'];
  /**
   * Free spins: how many, each spin's stake, which built-in slot. The stake is one of FREE_SPIN_STAKES in
   * minor units, as the list's value: kept in major units, a stake chosen in won ("1000") was read again
   * in baht once the currency changed (100,000 satang, 100 times the stake the list showed).
   */
  freeSpinCount: string;
  freeSpinStake: string;
  freeSpinGame: string;
  terms: Record<Locale, string>;
  enabled: boolean;
}

/** Basis points as a percent text: 1250 → "12.5". */
export const bpsToPercent = (bps: number) => String(bps / 100);

/** A percent text with at most two decimals as exact basis points; null when it is not one. */
export function percentToBps(text: string): number | null {
  const match = /^(\d{1,5})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** A decimal price ("1.50") as an exact fraction in lowest terms (3/2); null when it is not one. */
export function oddsToFraction(text: string): { num: number; den: number } | null {
  const match = /^(\d{1,4})(?:\.(\d{0,3}))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  const den = 10 ** fraction.length;
  const num = Number(match[1]) * den + Number(fraction || '0');
  if (num === 0) return null;
  const d = gcd(num, den);
  return { num: num / d, den: den / d };
}

/** An exact fraction as the shortest decimal price that names it (3/2 → "1.5"; 4/3 → "1.333"). */
export const fractionToOdds = (num: number, den: number) => String(Math.round((num / den) * 1000) / 1000);

const list = (values: number[]) => values.join(', ');

/** `zone`: the site's time zone its start and end are typed in (the operator's chosen site). */
export function emptyDraft(currency: string, zone: string | undefined): CampaignDraft {
  const now = new Date();
  const month = new Date(now.getTime() + 30 * 86_400_000);
  return {
    name: '',
    type: 'first_deposit',
    currency,
    code: '',
    percent: '100',
    fixedAmount: '0',
    cap: '',
    minDeposit: '0',
    levels: '',
    siteIds: '',
    newMembersOnly: false,
    startsAt: toLocalInput(now.toISOString(), zone),
    endsAt: toLocalInput(month.toISOString(), zone),
    wageringMultiple: '10',
    wageringBase: 'bonus',
    slots: '100',
    tables: '10',
    sports: '100',
    sportsMinOdds: '1.5',
    maxStake: '',
    expiryDays: '30',
    conversionCap: '',
    stakeOrder: 'cash_first',
    cashbackPeriodDays: '7',
    cashbackPaidAs: 'cash',
    freeSpinCount: '10',
    freeSpinStake: String(FREE_SPIN_STAKES[0]!),
    freeSpinGame: FREE_SPIN_GAMES[0]!,
    terms: Object.fromEntries(LOCALES.map((l) => [l, ''])) as Record<Locale, string>,
    enabled: true,
  };
}

export function draftOf(c: Campaign, zone: string | undefined): CampaignDraft {
  const money = (v: number | null) => (v === null ? '' : minorToDecimal(v, c.currency));
  return {
    name: c.name,
    type: c.type,
    currency: c.currency,
    code: c.code ?? '',
    percent: bpsToPercent(c.percentBps),
    fixedAmount: money(c.fixedAmount),
    cap: money(c.cap),
    minDeposit: money(c.minDeposit),
    levels: list(c.levels),
    siteIds: list(c.siteIds),
    newMembersOnly: c.newMembersOnly,
    startsAt: toLocalInput(c.startsAt, zone),
    endsAt: toLocalInput(c.endsAt, zone),
    wageringMultiple: String(c.wageringMultiple),
    wageringBase: c.wageringBase,
    slots: bpsToPercent(c.slotsBps),
    tables: bpsToPercent(c.tablesBps),
    sports: bpsToPercent(c.sportsBps),
    sportsMinOdds: fractionToOdds(c.sportsMinOddsNum, c.sportsMinOddsDen),
    maxStake: money(c.maxStake),
    expiryDays: String(c.expiryDays),
    conversionCap: money(c.conversionCap),
    stakeOrder: c.stakeOrder,
    cashbackPeriodDays: String(c.cashbackPeriodDays),
    cashbackPaidAs: c.cashbackPaidAs,
    freeSpinCount: String(c.freeSpinCount),
    freeSpinStake: String(c.freeSpinStake),
    freeSpinGame: c.freeSpinGame ?? FREE_SPIN_GAMES[0]!,
    terms: Object.fromEntries(LOCALES.map((l) => [l, c.terms[l] ?? ''])) as Record<Locale, string>,
    enabled: c.enabled,
  };
}

/** The form's field of each body field whose name differs (the body's basis points and odds parts). */
const DRAFT_FIELD: Partial<Record<keyof CampaignBody, keyof CampaignDraft>> = {
  percentBps: 'percent',
  slotsBps: 'slots',
  tablesBps: 'tables',
  sportsBps: 'sports',
  sportsMinOddsNum: 'sportsMinOdds',
  sportsMinOddsDen: 'sportsMinOdds',
};
const draftField = (field: string) =>
  DRAFT_FIELD[field as keyof CampaignBody] ?? (field as keyof CampaignDraft);

/**
 * The form field a draft gets wrong first (the key of its label), or the body to send. The body is
 * checked as the server checks it (the contract's ranges, then the checks across fields), so the
 * operator is told which field to mend in their language, not the server's English reason after a send
 * ("wageringMultiple: Too big: expected number to be <=200").
 */
export function bodyOf(
  d: CampaignDraft,
  zone: string | undefined,
): { problem: keyof CampaignDraft } | { body: CampaignBody } {
  const built = draftBody(d, zone);
  if ('problem' in built) return built;
  const parsed = adminContract.promotions.create.body.safeParse(built.body);
  if (!parsed.success) return { problem: draftField(String(parsed.error.issues[0]?.path[0] ?? 'name')) };
  const across = campaignProblem(parsed.data);
  if (across) return { problem: draftField(across.field) };
  return built;
}

/** The body a draft reads as, or the first field that reads as no value. */
function draftBody(
  d: CampaignDraft,
  zone: string | undefined,
): { problem: keyof CampaignDraft } | { body: CampaignBody } {
  const currency = d.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) return { problem: 'currency' };
  const amount = (text: string) => parseMajor(text || '0', currency);
  const optional = (text: string) => (text.trim() === '' ? null : parseMajor(text, currency));
  const ints = (text: string) =>
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number);
  const percentBps = percentToBps(d.percent || '0');
  if (percentBps === null) return { problem: 'percent' };
  const fixedAmount = amount(d.fixedAmount);
  if (fixedAmount === null) return { problem: 'fixedAmount' };
  const cap = optional(d.cap);
  if (cap === null && d.cap.trim() !== '') return { problem: 'cap' };
  const minDeposit = amount(d.minDeposit);
  if (minDeposit === null) return { problem: 'minDeposit' };
  const levels = ints(d.levels);
  if (!levels.every(Number.isSafeInteger)) return { problem: 'levels' };
  const siteIds = ints(d.siteIds);
  if (!siteIds.every(Number.isSafeInteger)) return { problem: 'siteIds' };
  const startsAt = fromLocalInput(d.startsAt, zone);
  if (!startsAt) return { problem: 'startsAt' };
  const endsAt = fromLocalInput(d.endsAt, zone);
  if (!endsAt) return { problem: 'endsAt' };
  const wageringMultiple = Number(d.wageringMultiple);
  if (!/^\d+$/.test(d.wageringMultiple.trim())) return { problem: 'wageringMultiple' };
  const slotsBps = percentToBps(d.slots);
  if (slotsBps === null) return { problem: 'slots' };
  const tablesBps = percentToBps(d.tables);
  if (tablesBps === null) return { problem: 'tables' };
  const sportsBps = percentToBps(d.sports);
  if (sportsBps === null) return { problem: 'sports' };
  const odds = oddsToFraction(d.sportsMinOdds);
  if (!odds) return { problem: 'sportsMinOdds' };
  const maxStake = optional(d.maxStake);
  if (maxStake === null && d.maxStake.trim() !== '') return { problem: 'maxStake' };
  if (!/^\d+$/.test(d.expiryDays.trim())) return { problem: 'expiryDays' };
  const conversionCap = optional(d.conversionCap);
  if (conversionCap === null && d.conversionCap.trim() !== '') return { problem: 'conversionCap' };
  if (!/^\d+$/.test(d.cashbackPeriodDays.trim())) return { problem: 'cashbackPeriodDays' };
  const freeSpins = d.type === 'free_spins';
  if (freeSpins && !/^\d+$/.test(d.freeSpinCount.trim())) return { problem: 'freeSpinCount' };
  const freeSpinStake = freeSpins ? Number(d.freeSpinStake) : 0;
  if (freeSpins && !FREE_SPIN_STAKES.includes(freeSpinStake)) return { problem: 'freeSpinStake' };
  const terms = Object.fromEntries(
    LOCALES.map((l) => [l, d.terms[l].trim()] as const).filter(([, text]) => text),
  );
  return {
    body: {
      name: d.name.trim(),
      type: d.type,
      currency,
      code: d.type === 'code' ? d.code.trim() : null,
      percentBps,
      fixedAmount,
      // A free spins bonus is what its spins win: conversionCap limits it, a cap would limit nothing.
      cap: freeSpins ? null : cap,
      minDeposit,
      levels,
      siteIds,
      newMembersOnly: d.newMembersOnly,
      startsAt,
      endsAt,
      wageringMultiple,
      wageringBase: d.wageringBase,
      slotsBps,
      tablesBps,
      sportsBps,
      sportsMinOddsNum: odds.num,
      sportsMinOddsDen: odds.den,
      maxStake,
      expiryDays: Number(d.expiryDays),
      conversionCap,
      stakeOrder: d.stakeOrder,
      cashbackPeriodDays: Number(d.cashbackPeriodDays),
      cashbackPaidAs: d.cashbackPaidAs,
      freeSpinCount: freeSpins ? Number(d.freeSpinCount) : 0,
      freeSpinStake,
      freeSpinGame: freeSpins ? (d.freeSpinGame as CampaignBody['freeSpinGame']) : null,
      terms,
      enabled: d.enabled,
    },
  };
}
