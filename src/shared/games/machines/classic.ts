import { PAYTABLE, STRIPS, SYMBOLS } from '../slot.ts';
import type { SlotMachine } from '../slot-machine.ts';

/** The first built-in slot (slot.ts), unchanged, run by the generic engine: no feature. */
export const CLASSIC: SlotMachine = {
  code: 'classic',
  symbols: SYMBOLS,
  wild: 'wild',
  paytable: PAYTABLE,
  strips: STRIPS,
  feature: null,
};
