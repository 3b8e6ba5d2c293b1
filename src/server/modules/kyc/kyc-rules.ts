import { KYC_DOCUMENT_KINDS, type KycDocumentKind, type KycLevel } from '../../../shared/vocabulary.ts';
import type { KycSettings } from '../sites/sites.schema.ts';

/** The documents each level needs approved: 1 the identity document, 2 all three. */
const LEVEL_NEEDS: Record<Exclude<KycLevel, 0>, readonly KycDocumentKind[]> = {
  1: ['identity'],
  2: KYC_DOCUMENT_KINDS,
};

/** A member's level from the kinds of document an operator approved (any approved copy counts). */
export function levelOf(approved: ReadonlySet<KycDocumentKind>): KycLevel {
  if (LEVEL_NEEDS[2].every((k) => approved.has(k))) return 2;
  if (LEVEL_NEEDS[1].every((k) => approved.has(k))) return 1;
  return 0;
}

/** The level a withdrawal of `amount` needs on a site with these settings (0: none). */
export function levelNeededFor(settings: KycSettings | undefined, amount: number): KycLevel {
  const any = settings?.withdrawLevel ?? 0;
  const over =
    settings?.over !== undefined && amount > settings.over ? (settings.overLevel ?? 0) : (0 as KycLevel);
  return Math.max(any, over) as KycLevel;
}
