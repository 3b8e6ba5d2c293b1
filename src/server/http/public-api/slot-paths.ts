import { lobbyGameOf, vendorCodeFor } from '../../modules/games/catalogue.service.ts';
import { absoluteUrl, type Fields, skipToPage, withRowAliases } from './aliases.ts';
import { applyWithdraw } from './balance-paths.ts';
import type { BodyContext, PathTable } from './path-types.ts';

/** Only a plausible vendor code or name is looked up; anything else goes on to the contract's refusal. */
const lookable = (company: unknown): company is string =>
  typeof company === 'string' && /^[\p{L}\p{N} _.-]{1,64}$/u.test(company);

/** `company` may be the vendor's code or its English name; a vendor alone opens its lobby game. */
async function openGameBody(raw: Fields, { db }: BodyContext): Promise<Fields> {
  if (!lookable(raw.company)) return raw;
  const company = await vendorCodeFor(db, raw.company);
  const code = raw.code === undefined || raw.code === '' ? await lobbyGameOf(db, company) : raw.code;
  return { ...raw, company, code: code ?? raw.code };
}

async function companyBody(raw: Fields, { db }: BodyContext): Promise<Fields> {
  return lookable(raw.company) ? { company: await vendorCodeFor(db, raw.company) } : raw;
}

const openGame = {
  route: 'open-game',
  about:
    '`{code, company}`: `company` is the vendor’s code or English name; without `code` the vendor’s lobby game ' +
    'opens. Answers an absolute `gameUrl` (and `url`).',
  body: openGameBody,
  reply: (answer: Fields, ctx: { baseUrl: string }) => {
    const url = absoluteUrl(String(answer.url), ctx.baseUrl);
    return { ...answer, url, gameUrl: url };
  },
} as const;

const bets = {
  route: 'get-slot-bets-list',
  about: '`{skip}`: rows to pass over, 20 per page; the rows under `bets` and `list`.',
  body: skipToPage,
  reply: (answer: Fields) => {
    const aliased = withRowAliases(answer);
    return { ...aliased, bets: aliased.list };
  },
} as const;

const SEAMLESS =
  '`{balance}`: game money to or from a transfer-wallet provider; every provider here is seamless, so it answers ' +
  '`seamless` (msg3040).';

/** `/public/slot/...`, and the same names under `/public/casino/`. */
export const slotPaths: PathTable = {
  get_casino_setting: { route: 'get-casino-setting', reply: withRowAliases },
  get_slot_setting: { route: 'get-slot-setting', reply: withRowAliases },
  get_sport_setting: { route: 'get-sport-setting', reply: withRowAliases },
  get_slot_by_company: {
    route: 'get-slot-by-company',
    about: '`{company}`: the vendor’s code or English name.',
    body: companyBody,
    reply: withRowAliases,
  },
  get_in_game_balance: { route: 'get-in-game-balance' },
  open_game: openGame,
  user_open_slotv4: openGame,
  get_slot_bets_list: bets,
  get_slot_bets: bets,
  user_transfer_in: {
    route: 'game-money-transfer',
    about: SEAMLESS,
    body: (raw) => ({ ...raw, direction: 'in' }),
  },
  user_withdraw: {
    route: 'game-money-transfer',
    about: SEAMLESS,
    body: (raw) => ({ ...raw, direction: 'out' }),
  },
  withdrawV3: applyWithdraw,
};
