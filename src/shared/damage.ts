// Damaged crates (docs/decisions/051): when a client hands crates back and when the farm
// counts an agent's returned empties, some may be marked damaged, with a reason. They go to the
// write-off account on the ledger (not back into use) and are shown apart from missing crates.
import { z } from 'zod';
import { multilineText } from './fields.ts';
import cratesEnglish from './i18n/en/crates.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';

addEnglish({ crates: cratesEnglish });

export const DAMAGE_REASON_MAX = 300;

export const damageMessages = {
  damagedWhole: english('crates.damagedWhole'),
  damagedTooMany: (of: number) => english('crates.damagedTooMany', { of }),
  reasonRequired: english('crates.damageReasonRequired'),
  reasonTooLong: english('crates.damageReasonTooLong', { max: DAMAGE_REASON_MAX }),
  onlyReturns: english('crates.damageOnlyReturns'),
} as const;

const m = damageMessages;

/** Crates marked damaged: a whole number from 0 (none) up to 100 000; the action bounds it further. */
export const damagedQuantity = z
  .number({ error: m.damagedWhole })
  .int(m.damagedWhole)
  .min(0, m.damagedWhole)
  .max(100_000, m.damagedWhole);

/** What is wrong with them (required when any are damaged; the body's refinement says so). */
export const damageReason = multilineText(DAMAGE_REASON_MAX, m.reasonTooLong);

/** The two optional fields of a return or a count, with the rule that a damaged count needs a reason. */
export const damageFields = {
  damagedQuantity: damagedQuantity.optional().nullable(),
  damageReason: damageReason.optional().nullable(),
};

/** Adds the field message when crates are marked damaged without a reason. */
export function requireDamageReason(
  v: { damagedQuantity?: number | null; damageReason?: string | null },
  ctx: z.RefinementCtx,
) {
  if ((v.damagedQuantity ?? 0) > 0 && !v.damageReason?.trim()) {
    ctx.addIssue({ code: 'custom', message: m.reasonRequired, path: ['damageReason'] });
  }
}

/**
 * A return's damaged crates (a client's return of a loan): a reason when any are damaged, and no more
 * damaged than the crates handed back. The return body and the Return Crates form both check it.
 */
export function checkReturnedDamage(
  v: { quantityReturned: number; damagedQuantity?: number | null; damageReason?: string | null },
  ctx: z.RefinementCtx,
) {
  requireDamageReason(v, ctx);
  if ((v.damagedQuantity ?? 0) > v.quantityReturned) {
    ctx.addIssue({ code: 'custom', message: m.damagedTooMany(v.quantityReturned), path: ['damagedQuantity'] });
  }
}
