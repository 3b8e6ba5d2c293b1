/** The built-in provider's games: each code runs one engine (themes share the slot math). */
export type Engine = 'slot' | 'baccarat' | 'roulette' | 'blackjack';
export const ENGINES = ['slot', 'baccarat', 'roulette', 'blackjack'] as const;

export const HOUSE_GAMES: Record<string, { engine: Engine; title: string }> = {
  baccarat: { engine: 'baccarat', title: 'Royal Baccarat' },
  'baccarat-squeeze': { engine: 'baccarat', title: 'Baccarat Squeeze' },
  roulette: { engine: 'roulette', title: 'Royal Roulette' },
  blackjack: { engine: 'blackjack', title: 'Royal Blackjack' },
  'lucky-sevens': { engine: 'slot', title: 'Lucky Sevens' },
  'golden-dragon': { engine: 'slot', title: 'Golden Dragon' },
  'fruit-fiesta': { engine: 'slot', title: 'Fruit Fiesta' },
  'ocean-treasure': { engine: 'slot', title: 'Ocean Treasure' },
  'jungle-gems': { engine: 'slot', title: 'Jungle Gems' },
};

/** Line bets a player can choose; a spin stakes the line bet on every one of the 10 lines. */
export const LINE_BETS = [100, 200, 500, 1_000, 2_000, 5_000, 10_000];
/** Chips on the baccarat table. */
export const CHIPS = [1_000, 5_000, 10_000, 50_000, 100_000];
export const BACCARAT_MAX_STAKE = 10_000_000;
/** Roulette: the most on one spot and on one spin. */
export const ROULETTE_MAX_SPOT = 1_000_000;
export const ROULETTE_MAX_STAKE = 10_000_000;
