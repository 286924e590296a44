// One scanned label at a time (decision 073): stacks ticked once, the note picks the delivery, and
// another delivery's, a counted one's, another agent's or a stranger's label changes nothing.
import { describe, expect, it } from 'vitest';
import type { Transmission } from '../../../shared/transmissions.ts';
import { applyScan, type ScanContext, type ScanState, scanProgress } from './scan-state.ts';

const delivery = (id: number, quantity = 60, stackSize: number | null = 20) =>
  ({ id, quantity, stackSize, stackCount: stackSize ? Math.ceil(quantity / stackSize) : 0 }) as Transmission;
const mine = delivery(7);
const context: ScanContext = { countable: [mine, delivery(8, 10, null)], counted: new Set([5]) };
const empty: ScanState = { delivery: null, stacks: [] };

function scanAll(texts: string[], state = empty) {
  const outcomes: string[] = [];
  for (const text of texts) {
    const [next, outcome] = applyScan(state, text, context);
    state = next;
    outcomes.push(outcome.kind);
  }
  return { state, outcomes };
}

describe('applyScan', () => {
  it('ticks stacks off once each, picking the delivery from its first label', () => {
    const { state, outcomes } = scanAll(['CK1:T7:S2', 'CK1:T7:S1', 'CK1:T7:S2']);
    expect(outcomes).toEqual(['stack', 'stack', 'already']);
    expect(state).toEqual({ delivery: mine, stacks: [2, 1] });
    expect(scanProgress(state)).toEqual({ scanned: 2, of: 3, crates: 40 });
  });

  it('the delivery note picks its delivery; a delivery without stacks has nothing to tick', () => {
    expect(scanAll(['CK1:T7']).state).toEqual({ delivery: mine, stacks: [] });
    const [, outcome] = applyScan(empty, 'CK1:T8', context);
    expect(outcome).toEqual({ kind: 'delivery', id: 8 });
  });

  it('refuses another delivery, a counted one, a foreign one, a stack it has not and a stranger', () => {
    const counting = { delivery: mine, stacks: [1] };
    expect(applyScan(counting, 'CK1:T9:S1', context)).toEqual([counting, { kind: 'other-delivery', id: 7 }]);
    expect(applyScan(empty, 'CK1:T5:S1', context)[1]).toEqual({ kind: 'counted' });
    expect(applyScan(empty, 'CK1:T99:S1', context)[1]).toEqual({ kind: 'foreign' });
    expect(applyScan(counting, 'CK1:T7:S4', context)).toEqual([counting, { kind: 'unknown' }]);
    expect(applyScan(empty, 'https://example.com', context)).toEqual([empty, { kind: 'unknown' }]);
    expect(scanProgress(empty)).toBeNull();
  });
});
