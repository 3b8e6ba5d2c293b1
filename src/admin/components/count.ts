/** "1 bet", "2 bets": a count with its noun in the right number (the back office is in English). */
export const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
