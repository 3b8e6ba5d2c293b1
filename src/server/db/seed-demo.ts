import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../modules/accounts/passwords.ts';
import { openMemberAccounts, transfer } from '../modules/ledger/ledger.service.ts';
import type { SiteSettings } from '../modules/sites/sites.schema.ts';
import type { Db, Tx } from './client.ts';
import {
  banners,
  games,
  gameVendors,
  members,
  notes,
  notices,
  operators,
  paymentOptions,
  popups,
  sites,
} from './schema.ts';
import {
  DEMO_BANNERS,
  DEMO_KO_BANNERS,
  DEMO_KO_MESSENGER_LINKS,
  DEMO_KO_NOTE,
  DEMO_KO_NOTICES,
  DEMO_KO_POPUP,
  DEMO_MESSENGER_LINKS,
  DEMO_NOTE,
  DEMO_NOTICES,
  DEMO_POPUP,
} from './seed-demo-content.ts';

/** The demo logins the README shows. Everything seeded here is marked as demo data. */
export const DEMO_MEMBER = { id: 'demo', pw: 'demo1234', nick: 'DemoPlayer' } as const;
/** The Korean demo site's member (ko.localhost). */
export const DEMO_MEMBER_KO = { id: 'demoko', pw: 'demo1234', nick: 'DemoPlayerKo' } as const;
/**
 * Two brands on one install, each in its own market: the default site (localhost, 127.0.0.1) is Thai,
 * in baht and Bangkok time; the Korean one is reached at ko.localhost (browsers send *.localhost to
 * this machine), in won and Seoul time.
 */
export const DEMO_SITES = {
  th: { host: 'localhost', currency: 'THB', member: DEMO_MEMBER },
  ko: {
    host: 'ko.localhost',
    currency: 'KRW',
    member: DEMO_MEMBER_KO,
    code: 'demo-ko',
    name: 'Royal Casino Korea',
  },
} as const;
/** The demo operator; its TOTP secret is public in the README, so it exists only with SEED_DEMO. */
export const DEMO_OPERATOR = {
  login: 'operator',
  password: 'operator1234',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;
/** Each demo member's opening balance in minor units: ฿10,000.00 on the Thai site, ₩1,000,000 on the Korean. */
const DEMO_CREDIT = 1_000_000;

const vendorImg = (code: string) => `/media/vendors/${code}.svg`;
const gameImg = (code: string) => `/media/games/${code}.svg`;

const DEMO_VENDORS = [
  {
    code: 'royal-baccarat',
    category: 'casino',
    nameKo: '로얄 바카라',
    nameEn: 'Royal Baccarat',
    sortOrder: 1,
  },
  {
    code: 'royal-tables',
    category: 'casino',
    nameKo: '로얄 테이블',
    nameEn: 'Royal Tables',
    sortOrder: 1,
  },
  // Under maintenance in the demo, to show how the site answers (status time, msg2218).
  {
    code: 'royal-live',
    category: 'casino',
    nameKo: '로얄 라이브',
    nameEn: 'Royal Live Tables',
    sortOrder: 2,
    maintenance: true,
  },
  { code: 'royal-slots', category: 'slot', nameKo: '로얄 슬롯', nameEn: 'Royal Slots', sortOrder: 1 },
  // The demo opens with every built-in game playable; an operator switches a vendor off in the back office.
  { code: 'lucky-reels', category: 'slot', nameKo: '럭키 릴', nameEn: 'Lucky Reels', sortOrder: 2 },
] as const;

/** Release dates for the lobby's "new" rail: the tables came out days before the demo was loaded. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const RELEASED: Record<string, string> = {
  roulette: daysAgo(3),
  blackjack: daysAgo(2),
  'golden-dragon': daysAgo(20),
};

const DEMO_GAMES: Record<string, { code: string; nameKo: string; nameEn: string }[]> = {
  'royal-baccarat': [{ code: 'baccarat', nameKo: '바카라', nameEn: 'Baccarat' }],
  'royal-tables': [
    { code: 'roulette', nameKo: '룰렛', nameEn: 'Roulette' },
    { code: 'blackjack', nameKo: '블랙잭', nameEn: 'Blackjack' },
  ],
  'royal-live': [{ code: 'baccarat-squeeze', nameKo: '바카라 스퀴즈', nameEn: 'Baccarat Squeeze' }],
  'royal-slots': [
    { code: 'golden-dragon', nameKo: '골든 드래곤', nameEn: 'Golden Dragon' },
    { code: 'fruit-fiesta', nameKo: '과일 축제', nameEn: 'Fruit Fiesta' },
    { code: 'lucky-sevens', nameKo: '럭키 세븐', nameEn: 'Lucky Sevens' },
  ],
  'lucky-reels': [
    { code: 'ocean-treasure', nameKo: '바다의 보물', nameEn: 'Ocean Treasure' },
    { code: 'jungle-gems', nameKo: '정글 보석', nameEn: 'Jungle Gems' },
  ],
};

const DEMO_COMP_RATES = {
  '1': { casino: 50, slot: 100, sport: 50 },
  '2': { casino: 80, slot: 150, sport: 80 },
};

/** Both demo sites take deposits and withdrawals at any hour. */
const OPEN_ALL_DAY = { locked: false, open: '00:00', close: '24:00' };

/** The Thai site: amounts in whole baht (at least 100, in steps of 100), USDT at 34.50 baht. */
const DEMO_SITE_SETTINGS: SiteSettings = {
  timezone: 'Asia/Bangkok',
  lang: 'th',
  phoneCountry: 'TH',
  messengerLinks: [...DEMO_MESSENGER_LINKS],
  deposit: OPEN_ALL_DAY,
  withdraw: OPEN_ALL_DAY,
  cash: { minimum: 100, step: 100 },
  comp: { minExchange: 100, rates: DEMO_COMP_RATES },
  coinDeposit: { currency: 'USDT', network: 'TRON (TRC-20)', minorPerCoin: 3_450 },
};

/** The Korean site: the spec's amounts in won (10,000 and steps of 10,000), USDT at 1,400 won. */
const DEMO_KO_SITE_SETTINGS: SiteSettings = {
  timezone: 'Asia/Seoul',
  lang: 'ko',
  phoneCountry: 'KR',
  messengerLinks: [...DEMO_KO_MESSENGER_LINKS],
  deposit: OPEN_ALL_DAY,
  withdraw: OPEN_ALL_DAY,
  comp: { minExchange: 10_000, rates: DEMO_COMP_RATES },
  coinDeposit: { currency: 'USDT', network: 'TRON (TRC-20)', minorPerCoin: 1_400 },
};

const DEMO_PAYMENT_OPTIONS = [
  { direction: 'deposit', kind: 'card', provider: 'sandbox', name: '[DEMO] Sandbox card', sortOrder: 1 },
  { direction: 'deposit', kind: 'coin', provider: 'sandbox', name: '[DEMO] Sandbox USDT', sortOrder: 2 },
  { direction: 'withdraw', kind: 'bank', provider: 'sandbox', name: '[DEMO] Bank payout', sortOrder: 1 },
] as const;

/** Loads the demo data set once; a database that already has the demo member is left alone. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [existing] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.loginId, DEMO_MEMBER.id));
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_MEMBER.pw);
  const operatorHash = await hashPassword(DEMO_OPERATOR.password);
  await db.transaction(async (tx) => {
    const [site] = await tx.select().from(sites).where(eq(sites.isDefault, true));
    if (!site) throw new Error('default site missing: run the migrations first');
    // A site with members keeps its currency (trigger sites_currency_guard): an install that already
    // has players gets the demo in the currency it has.
    const [someone] = await tx
      .select({ id: members.id })
      .from(members)
      .where(eq(members.siteId, site.id))
      .limit(1);
    await tx
      .update(sites)
      .set({
        domains: [...new Set([...site.domains, DEMO_SITES.th.host, '127.0.0.1'])],
        settings: { ...site.settings, ...DEMO_SITE_SETTINGS },
        ...(someone ? {} : { currency: DEMO_SITES.th.currency }),
      })
      .where(eq(sites.id, site.id));
    if (!someone) await moveUntouchedJackpot(tx, DEMO_SITES.th.currency);
    const [koSite] = await tx
      .insert(sites)
      .values({
        code: DEMO_SITES.ko.code,
        name: DEMO_SITES.ko.name,
        domains: [DEMO_SITES.ko.host],
        currency: DEMO_SITES.ko.currency,
        settings: DEMO_KO_SITE_SETTINGS,
      })
      .onConflictDoNothing()
      .returning({ id: sites.id });
    const thMember = await seedMember(tx, site.id, DEMO_MEMBER, passwordHash, 'DEMO0001');
    if (koSite) await seedMember(tx, koSite.id, DEMO_MEMBER_KO, passwordHash, 'DEMO0002');
    for (const siteId of koSite ? [site.id, koSite.id] : [site.id]) {
      await tx.insert(paymentOptions).values(DEMO_PAYMENT_OPTIONS.map((o) => ({ ...o, siteId })));
    }
    for (const vendor of DEMO_VENDORS) {
      const [row] = await tx
        .insert(gameVendors)
        .values({ ...vendor, provider: 'house', imgUrl: vendorImg(vendor.code) })
        .returning({ id: gameVendors.id });
      if (!row) throw new Error(`vendor insert failed: ${vendor.code}`);
      const list = DEMO_GAMES[vendor.code] ?? [];
      if (list.length > 0) {
        await tx
          .insert(games)
          // Every demo slot takes part in the progressive jackpot.
          .values(
            list.map((g, i) => ({
              ...g,
              vendorId: row.id,
              imgUrl: gameImg(g.code),
              sortOrder: i,
              jackpot: vendor.category === 'slot',
              releasedOn: RELEASED[g.code] ?? '2025-06-01',
            })),
          );
      }
    }
    // Each site's content shows on its own host only.
    const th = { domain: DEMO_SITES.th.host };
    const ko = { domain: DEMO_SITES.ko.host };
    await tx.insert(notices).values(DEMO_NOTICES.map((n) => ({ ...n, ...th })));
    await tx.insert(operators).values({
      login: DEMO_OPERATOR.login,
      passwordHash: operatorHash,
      role: 'owner',
      totpSecret: DEMO_OPERATOR.totpSecret,
    });
    await tx.insert(banners).values(DEMO_BANNERS.map((b) => ({ ...b, ...th })));
    await tx.insert(notes).values({ ...DEMO_NOTE, target: 'member', memberId: thMember, sentBy: 'demo' });
    await tx.insert(popups).values({ ...DEMO_POPUP, ...th });
    if (koSite) {
      const [koMember] = await tx
        .select({ id: members.id })
        .from(members)
        .where(eq(members.loginId, DEMO_MEMBER_KO.id));
      await tx.insert(notices).values(DEMO_KO_NOTICES.map((n) => ({ ...n, ...ko })));
      await tx.insert(banners).values(DEMO_KO_BANNERS.map((b) => ({ ...b, ...ko })));
      await tx
        .insert(notes)
        .values({ ...DEMO_KO_NOTE, target: 'member', memberId: koMember!.id, sentBy: 'demo' });
      await tx.insert(popups).values({ ...DEMO_KO_POPUP, ...ko });
    }
  });
  return true;
}

/** A demo member of a site, with the opening balance in the site's currency. */
async function seedMember(
  tx: Tx,
  siteId: number,
  who: { id: string; nick: string },
  passwordHash: string,
  referralCode: string,
): Promise<number> {
  const [member] = await tx
    .insert(members)
    .values({
      loginId: who.id,
      nick: who.nick,
      passwordHash,
      phone: '01000000000',
      bankName: 'Demo Bank',
      bankOwner: 'Demo Player',
      bankNumber: '000-0000-0000',
      referralCode,
      siteId,
      isDemo: true,
    })
    .returning({ id: members.id });
  if (!member) throw new Error(`demo member ${who.id} insert failed`);
  const [site] = await tx.select({ currency: sites.currency }).from(sites).where(eq(sites.id, siteId));
  await openMemberAccounts(tx, member.id, site!.currency);
  await transfer(tx, {
    idempotencyKey: `demo:opening-credit:${who.id}`,
    from: { house: 'adjustments' },
    to: { memberId: member.id, kind: 'cash' },
    amount: DEMO_CREDIT,
    kind: 'adjustment',
    reference: { reason: 'demo opening balance' },
  });
  return member.id;
}

/**
 * The progressive jackpot is kept in one currency (its accounts'). On a fresh install the demo moves it
 * to the Thai site's, where the demo slots are played: only while nothing but its opening reseed has
 * touched it, and its pool and seed accounts together, so each currency still sums to zero.
 */
async function moveUntouchedJackpot(tx: Tx, currency: string): Promise<void> {
  await tx.execute(sql`
    update ledger_accounts set currency = ${currency}
    where member_id is null and kind in ('jackpot_pool', 'jackpot_seed')
      and not exists (select 1 from jackpot_wins)
      and not exists (select 1 from jackpot_shards where staked > 0)`);
}
