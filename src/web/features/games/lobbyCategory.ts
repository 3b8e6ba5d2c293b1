/** The lobby's categories, from what the catalogue says of each game. */
export const CATEGORIES = ['all', 'slots', 'table', 'live', 'jackpot', 'new'] as const;
export type Category = (typeof CATEGORIES)[number];

/** A game released within this many days is new. */
export const NEW_DAYS = 30;

export interface LobbyGame {
  code: string;
  gameCompany: string;
  category: string;
  jackpot: boolean;
  releasedOn: string;
}

export const isNew = (g: LobbyGame, today = new Date()) =>
  today.getTime() - Date.parse(`${g.releasedOn}T00:00:00Z`) < NEW_DAYS * 86_400_000;

/** Live dealer tables are the casino vendors named live; the other casino games are table games. */
export function inCategory(g: LobbyGame, category: Category, today = new Date()): boolean {
  switch (category) {
    case 'all':
      return true;
    case 'slots':
      return g.category === 'slot';
    case 'table':
      return g.category === 'casino' && !/live/i.test(g.gameCompany);
    case 'live':
      return g.category === 'casino' && /live/i.test(g.gameCompany);
    case 'jackpot':
      return g.jackpot;
    case 'new':
      return isNew(g, today);
  }
}
