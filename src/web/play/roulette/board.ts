/**
 * Where each bet sits on the roulette layout: a number's own cell (straight), and the edges and
 * corners around it (splits, streets, corners, lines), named by the spot keys of
 * src/shared/games/roulette.ts. Rows run 1, 2, 3 across a column; columns 1-3, 4-6 … 34-36.
 */
import { SPOTS } from '../../../shared/games/roulette.ts';

export type Edge = 'nextColumn' | 'nextRow' | 'corner' | 'street' | 'line' | 'zero';

const key = (type: string, numbers: number[]) => {
  const k = `${type}:${[...numbers].sort((a, b) => a - b).join('-')}`;
  return SPOTS.has(k) ? k : null;
};

/** The spot a number's edge stands for, or null where there is none (the layout's outer edges). */
export function edgeSpot(n: number, edge: Edge): string | null {
  const row = (n - 1) % 3;
  switch (edge) {
    case 'nextColumn':
      return n + 3 <= 36 ? key('split', [n, n + 3]) : null;
    case 'nextRow':
      return row < 2 ? key('split', [n, n + 1]) : null;
    case 'corner':
      return row < 2 && n + 4 <= 36 ? key('corner', [n, n + 1, n + 3, n + 4]) : null;
    case 'street':
      return row === 0 ? key('street', [n, n + 1, n + 2]) : null;
    case 'line':
      return row === 0 && n + 5 <= 36 ? key('line', [n, n + 1, n + 2, n + 3, n + 4, n + 5]) : null;
    case 'zero':
      return n <= 3 ? key('split', [0, n]) : null;
  }
}

export const EDGES: Edge[] = ['nextColumn', 'nextRow', 'corner', 'street', 'line', 'zero'];
/** The numbers by column, as the layout shows them. */
export const COLUMNS = Array.from({ length: 12 }, (_, c) => [3 * c + 1, 3 * c + 2, 3 * c + 3]);
