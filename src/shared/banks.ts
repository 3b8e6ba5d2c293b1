/**
 * The banks a member picks from at registration and when changing bank details, per currency, when
 * the site lists none of its own (site setting `banks`). Names as the banks write them in English.
 */
export const DEFAULT_BANKS: Record<string, readonly string[]> = {
  KRW: [
    'KB Bank',
    'Shinhan Bank',
    'Woori Bank',
    'Hana Bank',
    'NH Bank',
    'IBK Bank',
    'KDB Bank',
    'SC First Bank',
    'Citibank Korea',
    'Kakao Bank',
    'K Bank',
    'Toss Bank',
    'Busan Bank',
    'Daegu Bank',
    'Kwangju Bank',
    'Post Office',
    'Saemaul',
    'Shinhyup',
  ],
  THB: [
    'Bangkok Bank',
    'Kasikornbank',
    'Krungthai Bank',
    'Siam Commercial Bank',
    'Bank of Ayudhya (Krungsri)',
    'TMBThanachart (ttb)',
    'Government Savings Bank',
    'BAAC',
    'CIMB Thai',
    'UOB Thailand',
    'Kiatnakin Phatra',
    'LH Bank',
    'TISCO',
  ],
  JPY: ['MUFG Bank', 'SMBC', 'Mizuho Bank', 'Resona Bank', 'Japan Post Bank', 'Rakuten Bank', 'PayPay Bank'],
  VND: [
    'Vietcombank',
    'VietinBank',
    'BIDV',
    'Agribank',
    'Techcombank',
    'MB Bank',
    'ACB',
    'VPBank',
    'Sacombank',
    'TPBank',
  ],
  USD: ['Bank of America', 'Chase', 'Citibank', 'Wells Fargo'],
};

/** The site's own list when it has one, else the currency's default (empty: any name is taken). */
export function banksFor(siteBanks: readonly string[] | undefined, currency: string): readonly string[] {
  if (siteBanks && siteBanks.length > 0) return siteBanks;
  return DEFAULT_BANKS[currency] ?? [];
}
