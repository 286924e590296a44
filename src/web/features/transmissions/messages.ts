// Transmission messages that depend on the numbers: what an agent may send back (the
// form's 400, never more than it holds, and how many it does hold) and what a count that differs did.

import { quantityLimit } from '../../../shared/quantity-limits.ts';
import { TRANSMISSIONS_FORM_MAX } from '../../../shared/transmissions-labels.ts';
import { t } from '../../lib/i18n/language.ts';

/** The spec's 'No empty crates available to return' for none, else how many there are. */
export const emptiesMessage = (available: number) =>
  available <= 0 ? t('transmissions.noEmptyCrates') : t('transmissions.onlyEmpties', { count: available });

/** The field's real maximum: the form's 400, or the agent's empties when it holds fewer. */
export const returnMax = (empties: number | undefined) =>
  empties === undefined ? TRANSMISSIONS_FORM_MAX : Math.max(1, Math.min(TRANSMISSIONS_FORM_MAX, empties));

/**
 * The Send Empty Crates field's one limit (decision 061): its hint, check and message, naming the
 * smaller of the form's 400 and the empties the agent holds.
 */
export const returnLimit = (empties: number | undefined) =>
  quantityLimit(
    1,
    returnMax(empties),
    empties !== undefined && empties > 0 && empties < TRANSMISSIONS_FORM_MAX ? emptiesMessage : undefined,
  );

/** The spec's success text, and after a count that differs, that the difference was flagged. */
export function acknowledgedMessage(sent: number, counted: number): string {
  const difference = counted - sent;
  if (difference === 0) return t('transmissions.acknowledged');
  return difference < 0
    ? t('transmissions.acknowledgedShort', { count: -difference })
    : t('transmissions.acknowledgedOver', { count: difference });
}
