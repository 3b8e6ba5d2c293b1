/** Favourites and recently played games, kept on this device. */
const FAVOURITES = 'favouriteGames';
const RECENT = 'recentGames';
const RECENT_MAX = 12;

const read = (key: string): string[] => {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

export const gameKey = (game: { gameCompany: string; code: string }) => `${game.gameCompany}/${game.code}`;
export const favourites = () => read(FAVOURITES);
export const recentlyPlayed = () => read(RECENT);

export function toggleFavourite(key: string): string[] {
  const list = favourites();
  const next = list.includes(key) ? list.filter((k) => k !== key) : [...list, key];
  localStorage.setItem(FAVOURITES, JSON.stringify(next));
  return next;
}

export function rememberPlayed(key: string): void {
  const next = [key, ...recentlyPlayed().filter((k) => k !== key)].slice(0, RECENT_MAX);
  localStorage.setItem(RECENT, JSON.stringify(next));
}
