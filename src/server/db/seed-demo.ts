import { eq } from 'drizzle-orm';
import { hashPassword } from '../modules/accounts/passwords.ts';
import { openMemberAccounts, transfer } from '../modules/ledger/ledger.service.ts';
import type { SiteSettings } from '../modules/sites/sites.schema.ts';
import type { Db } from './client.ts';
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
  DEMO_MESSENGER_LINKS,
  DEMO_NOTE,
  DEMO_NOTICES,
  DEMO_POPUP,
} from './seed-demo-content.ts';

/** The demo login the README shows. Everything seeded here is marked as demo data. */
export const DEMO_MEMBER = { id: 'demo', pw: 'demo1234', nick: 'DemoPlayer' } as const;
/** The demo operator; its TOTP secret is public in the README, so it exists only with SEED_DEMO. */
export const DEMO_OPERATOR = {
  login: 'operator',
  password: 'operator1234',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;
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

const DEMO_SITE_SETTINGS: SiteSettings = {
  timezone: 'Asia/Seoul',
  messengerLinks: [...DEMO_MESSENGER_LINKS],
  deposit: { locked: false, open: '00:00', close: '24:00' },
  withdraw: { locked: false, open: '00:00', close: '24:00' },
  comp: {
    minExchange: 10_000,
    rates: { '1': { casino: 50, slot: 100, sport: 50 }, '2': { casino: 80, slot: 150, sport: 80 } },
  },
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
    await tx
      .update(sites)
      .set({
        domains: [...new Set([...site.domains, 'localhost', '127.0.0.1'])],
        settings: { ...site.settings, ...DEMO_SITE_SETTINGS },
      })
      .where(eq(sites.id, site.id));
    await tx.insert(paymentOptions).values(DEMO_PAYMENT_OPTIONS.map((o) => ({ ...o, siteId: site.id })));
    const [member] = await tx
      .insert(members)
      .values({
        loginId: DEMO_MEMBER.id,
        nick: DEMO_MEMBER.nick,
        passwordHash,
        phone: '01000000000',
        bankName: 'Demo Bank',
        bankOwner: 'Demo Player',
        bankNumber: '000-0000-0000',
        referralCode: 'DEMO0001',
        siteId: site.id,
        isDemo: true,
      })
      .returning({ id: members.id });
    if (!member) throw new Error('demo member insert failed');
    await openMemberAccounts(tx, member.id);
    await transfer(tx, {
      idempotencyKey: 'demo:opening-credit',
      from: { house: 'adjustments' },
      to: { memberId: member.id, kind: 'cash' },
      amount: DEMO_CREDIT,
      kind: 'adjustment',
      reference: { reason: 'demo opening balance' },
    });
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
    await tx.insert(notices).values([...DEMO_NOTICES]);
    await tx.insert(operators).values({
      login: DEMO_OPERATOR.login,
      passwordHash: operatorHash,
      role: 'owner',
      totpSecret: DEMO_OPERATOR.totpSecret,
    });
    await tx.insert(banners).values([...DEMO_BANNERS]);
    await tx.insert(notes).values({ ...DEMO_NOTE, target: 'member', memberId: member.id, sentBy: 'demo' });
    await tx.insert(popups).values(DEMO_POPUP);
  });
  return true;
}
