/** The share of the wagering done, as a whole percent for the bar: 100 only when it is complete. */
export function wageringShare(done: number, required: number): number {
  if (required <= 0 || done >= required) return 100;
  return Math.min(99, Math.floor((done * 100) / required));
}
