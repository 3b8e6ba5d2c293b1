import { z } from 'zod';

/**
 * Where a back-office report was read: a replica (and how far behind the primary it was) or the
 * primary (no replica configured, the replica down, or further behind than the bound allows).
 */
export const readFrom = z.object({
  source: z.enum(['primary', 'replica']),
  /** How far behind the primary the figures may be, in seconds (0 on the primary). */
  lagSeconds: z.number(),
  /** Set when a configured replica was passed over: its lag, or null when it did not answer. */
  replicaLagSeconds: z.number().nullable().optional(),
});
export type ReadFrom = z.infer<typeof readFrom>;
