// What a person typed into a count field of the count dialog, read as a count: the crates counted
// and, for returned empties, the damaged ones among them.
import { acknowledgeBody, countText } from '../../../../shared/transmissions.ts';

/** The counted quantity, or null when it is not a non-negative whole number. */
export function parseCount(value: number | string): number | null {
  if (typeof value === 'string') {
    if (value.trim() === '') return null;
    const typed = countText.safeParse(value);
    return typed.success ? typed.data : null;
  }
  const parsed = acknowledgeBody.safeParse({ actualQuantity: value });
  return parsed.success && typeof parsed.data?.actualQuantity === 'number' ? parsed.data.actualQuantity : null;
}
