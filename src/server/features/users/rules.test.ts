// The User Management rules alone: remove and reset an active agent or supplier, restore a removed one.
import { describe, expect, it } from 'vitest';
import { actionsOnUser } from './rules.ts';

describe('actionsOnUser', () => {
  it('an active agent or supplier: remove and reset, not restore', () => {
    for (const role of ['market_agent', 'supplier'] as const) {
      expect(actionsOnUser({ role, isActive: true })).toEqual({ canRemove: true, canRestore: false, canReset: true });
    }
  });
  it('a removed one: only restore', () => {
    expect(actionsOnUser({ role: 'supplier', isActive: false })).toEqual({
      canRemove: false,
      canRestore: true,
      canReset: false,
    });
  });
  it('a farm store account: nothing', () => {
    for (const isActive of [true, false]) {
      expect(actionsOnUser({ role: 'farm_store', isActive })).toEqual({
        canRemove: false,
        canRestore: false,
        canReset: false,
      });
    }
  });
});
