// Stacks of a delivery and the codes on their labels (decision 073), for the server and the phone:
// a QR holds an identifier only — `CK1:T<delivery>` on the delivery note, `CK1:T<delivery>:S<stack>`
// on a stack's label — never a secret; what it stands for comes from the ledger.
import transmissionsEnglish from './i18n/en/transmissions.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';

addEnglish({ transmissions: transmissionsEnglish });

/** The largest stack the farm may set: a stack is what one person carries on a trolley, not a load. */
export const STACK_SIZE_MAX = 1000;

/** What a label's QR says: the delivery, and which of its stacks (null: the delivery note). */
export type StackCode = { transmissionId: number; stack: number | null };

const CODE = /^CK1:T([1-9]\d{0,9})(?::S([1-9]\d{0,3}))?$/;

/** The text of a delivery note's QR (stack null) or a stack label's. */
export function stackCodeOf(transmissionId: number, stack: number | null = null): string {
  return stack === null ? `CK1:T${transmissionId}` : `CK1:T${transmissionId}:S${stack}`;
}

/** A scanned text as a code, or null when it is not one of ours (another QR, a malformed or too-long one). */
export function parseStackCode(text: string): StackCode | null {
  const match = CODE.exec(text.trim());
  if (!match) return null;
  const transmissionId = Number(match[1]);
  if (!Number.isSafeInteger(transmissionId) || transmissionId > 2_147_483_647) return null;
  return { transmissionId, stack: match[2] === undefined ? null : Number(match[2]) };
}

/** How many stacks `quantity` crates make at `stackSize` a stack (0 without stacks). */
export function stackCountOf(quantity: number, stackSize: number | null | undefined): number {
  // undefined: a delivery kept on a phone by an app from before stacks.
  return !stackSize || stackSize <= 0 ? 0 : Math.ceil(quantity / stackSize);
}

/** The crates on stack `stack` (1-based): a full stack, the last one what is left. */
export function cratesOnStack(quantity: number, stackSize: number, stack: number): number {
  return Math.max(0, Math.min(stackSize, quantity - (stack - 1) * stackSize));
}

/** The crates on the given stacks together. */
export function cratesOnStacks(quantity: number, stackSize: number, stacks: readonly number[]): number {
  return stacks.reduce((sum, stack) => sum + cratesOnStack(quantity, stackSize, stack), 0);
}

/** One stack that was not scanned: its number, of how many, and its crates. */
export type UnscannedStack = { stack: number; of: number; crates: number };

/** The stacks of the delivery not among `scanned`, in order. */
export function unscannedStacksOf(
  quantity: number,
  stackSize: number | null,
  scanned: readonly number[],
): UnscannedStack[] {
  const of = stackCountOf(quantity, stackSize);
  const seen = new Set(scanned);
  const missing: UnscannedStack[] = [];
  for (let stack = 1; stack <= of; stack++) {
    if (!seen.has(stack)) missing.push({ stack, of, crates: cratesOnStack(quantity, stackSize!, stack) });
  }
  return missing;
}

/**
 * Why a list of scanned stacks cannot be booked for this delivery, or null: a number that is not one of
 * its stacks, or one given twice (a label read twice must not count twice).
 */
export function scannedStacksRefusal(stackCount: number, scanned: readonly number[]): string | null {
  if (stackCount === 0) return stackMessages.noStacks;
  const seen = new Set<number>();
  for (const stack of scanned) {
    if (stack < 1 || stack > stackCount) return stackMessages.notAStack(stack, stackCount);
    if (seen.has(stack)) return stackMessages.scannedTwice(stack);
    seen.add(stack);
  }
  return null;
}

export const stackMessages = {
  stackSizeRange: english('transmissions.stackSizeRange', { max: STACK_SIZE_MAX }),
  stacksOnlyForDeliveries: english('transmissions.stacksOnlyForDeliveries'),
  noStacks: english('transmissions.noStacks'),
  notAStack: (stack: number, of: number) => english('transmissions.notAStack', { stack, of }),
  scannedTwice: (stack: number) => english('transmissions.scannedTwice', { stack }),
  notReceived: (stack: number, of: number, crates: number) =>
    english('transmissions.stackNotReceived', { stack, of, crates }),
  notADelivery: english('transmissions.notADelivery'),
};
