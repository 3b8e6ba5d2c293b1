/** The columns of sb_markets every listing of markets reads (ids to be passed through Number()). */
export interface MarketRow {
  id: number;
  event_id: number;
  type: string;
  name: string;
  params: { line?: string };
  status: string;
  version: number;
}

/** The columns of sb_selections every listing of selections reads, the price as its fraction. */
export interface SelectionRow {
  id: number;
  market_id: number;
  key: string;
  name: string;
  price_num: number;
  price_den: number;
  open: boolean;
}

/** A selection as the sports window lists it: its price as the fraction `num/den`. */
export const listedSelection = (s: SelectionRow) => ({
  id: Number(s.id),
  key: s.key,
  name: s.name,
  price: `${s.price_num}/${s.price_den}`,
  open: s.open,
});

/** Rows under their parent's id (a market's, an event's), in their order; ids may come back as text. */
export function byParent<T>(rows: readonly T[], parentOf: (row: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const id = Number(parentOf(row));
    const list = out.get(id);
    if (list) list.push(row);
    else out.set(id, [row]);
  }
  return out;
}
