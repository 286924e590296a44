// What one scanned label does to a count in progress (decision 073), as a pure function the scan
// screen and its unit test share: a stack of the delivery being counted is ticked off once; the
// delivery note (or the first stack label) picks the delivery; anything else is refused with its
// reason and changes nothing.
import { cratesOnStacks, parseStackCode, stackCountOf } from '../../../shared/stack-labels.ts';
import type { Transmission } from '../../../shared/transmissions.ts';

/** The delivery being counted (null: none picked yet) and the stacks ticked off, in scan order. */
export type ScanState = { delivery: Transmission | null; stacks: number[] };

export type ScanOutcome =
  | { kind: 'stack'; stack: number; of: number }
  | { kind: 'delivery'; id: number }
  | { kind: 'already'; stack: number }
  | { kind: 'other-delivery'; id: number }
  | { kind: 'counted' }
  | { kind: 'foreign' }
  | { kind: 'unknown' };

/** What the phone knows: the deliveries it may count now, and those counted (booked or waiting on it). */
export type ScanContext = { countable: readonly Transmission[]; counted: ReadonlySet<number> };

/** The state after reading `text`, and what to tell the agent. Refusals leave the state as it was. */
export function applyScan(state: ScanState, text: string, context: ScanContext): [ScanState, ScanOutcome] {
  const code = parseStackCode(text);
  if (!code) return [state, { kind: 'unknown' }];
  if (state.delivery && code.transmissionId !== state.delivery.id) {
    return [state, { kind: 'other-delivery', id: state.delivery.id }];
  }
  if (context.counted.has(code.transmissionId)) return [state, { kind: 'counted' }];
  const delivery = state.delivery ?? context.countable.find((t) => t.id === code.transmissionId);
  if (!delivery) return [state, { kind: 'foreign' }];
  const of = stackCountOf(delivery.quantity, delivery.stackSize);
  if (code.stack === null)
    return [
      { delivery, stacks: state.stacks },
      { kind: 'delivery', id: delivery.id },
    ];
  if (code.stack > of) return [state, { kind: 'unknown' }];
  if (state.stacks.includes(code.stack)) return [state, { kind: 'already', stack: code.stack }];
  return [
    { delivery, stacks: [...state.stacks, code.stack] },
    { kind: 'stack', stack: code.stack, of },
  ];
}

/** The running figure: stacks scanned of how many, and their crates. */
export function scanProgress(state: ScanState) {
  const delivery = state.delivery;
  if (!delivery) return null;
  const of = stackCountOf(delivery.quantity, delivery.stackSize);
  const crates = of === 0 ? 0 : cratesOnStacks(delivery.quantity, delivery.stackSize!, state.stacks);
  return { scanned: state.stacks.length, of, crates };
}
