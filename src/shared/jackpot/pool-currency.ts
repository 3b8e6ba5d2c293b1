/**
 * The one rule of who takes part in the progressive jackpot by currency: the pool stays in the currency
 * it was opened in, and no transfer mixes currencies, so only play in that currency feeds it, can win it
 * or is shown it. A member of a site in another currency plays the same games with no share and no
 * claim (the server's jackpotBpsFor, the catalogue's jackpot flag, the banners' amount, the window's
 * meter all ask this). No pool yet: nobody takes part.
 */
export function takesPartInPool(poolCurrency: string | undefined, playCurrency: string | undefined): boolean {
  return poolCurrency !== undefined && poolCurrency === playCurrency;
}
