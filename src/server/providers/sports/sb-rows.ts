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
