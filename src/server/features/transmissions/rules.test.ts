// The transmission rules alone: who may acknowledge, recall and resolve, and why not.
import { describe, expect, it } from 'vitest';
import { transmissionMessages as m } from '../../../shared/transmissions.ts';
import { acknowledgeRefusal, actionsOn, recallRefusal, resolveRefusal, type TransmissionFacts } from './rules.ts';

const farmUser = { id: 1, role: 'farm_store' as const };
const agentUser = { id: 2, role: 'market_agent' as const };
const otherAgent = { id: 3, role: 'market_agent' as const };
const supplierUser = { id: 4, role: 'supplier' as const };

const delivery: TransmissionFacts = {
  type: 'farm_to_market',
  status: 'pending',
  fromUserId: 9, // another farm store user sent it: the farm store acts as one
  fromRole: 'farm_store',
  fromActive: true,
  toUserId: agentUser.id,
  toActive: true,
  isFlagged: false,
  resolvedAt: null,
};
const agentReturn: TransmissionFacts = {
  ...delivery,
  type: 'market_to_farm',
  fromUserId: agentUser.id,
  fromRole: 'market_agent',
  toUserId: null,
  toActive: null,
};
const crateRequest: TransmissionFacts = {
  ...agentReturn,
  type: 'supplier_to_farm',
  fromUserId: 4,
  fromRole: 'supplier',
};

describe('actionsOn', () => {
  it('a pending delivery: the addressed agent acknowledges, the farm store recalls', () => {
    expect(actionsOn(delivery, agentUser)).toEqual({ canAcknowledge: true, canRecall: false, canResolve: false });
    expect(actionsOn(delivery, farmUser)).toEqual({ canAcknowledge: false, canRecall: true, canResolve: false });
    expect(actionsOn(delivery, otherAgent)).toEqual({ canAcknowledge: false, canRecall: false, canResolve: false });
  });

  it('a pending return: the farm store acknowledges, its agent recalls', () => {
    expect(actionsOn(agentReturn, farmUser)).toMatchObject({ canAcknowledge: true, canRecall: false });
    expect(actionsOn(agentReturn, agentUser)).toMatchObject({ canAcknowledge: false, canRecall: true });
    expect(actionsOn(agentReturn, otherAgent)).toMatchObject({ canAcknowledge: false, canRecall: false });
  });

  it('a crate request: the farm store fulfils it while its supplier is active, the supplier withdraws it', () => {
    expect(actionsOn(crateRequest, farmUser)).toMatchObject({ canAcknowledge: true, canRecall: false });
    expect(actionsOn(crateRequest, supplierUser)).toMatchObject({ canAcknowledge: false, canRecall: true });
    expect(actionsOn({ ...crateRequest, fromActive: false }, farmUser).canAcknowledge).toBe(false);
  });

  it('nothing but resolving once it is no longer pending', () => {
    for (const status of ['acknowledged', 'recalled'] as const) {
      for (const who of [farmUser, agentUser]) {
        expect(actionsOn({ ...delivery, status }, who)).toMatchObject({ canAcknowledge: false, canRecall: false });
      }
    }
  });

  it('the farm store recalls what waits for a removed user, whoever sent it', () => {
    const toRemoved = { ...delivery, fromRole: 'market_agent' as const, fromUserId: 7, toActive: false };
    expect(actionsOn(toRemoved, farmUser).canRecall).toBe(true);
    expect(actionsOn(toRemoved, agentUser).canRecall).toBe(false);
  });

  it('a flagged count is resolved by the farm store, once', () => {
    const flagged = { ...delivery, status: 'acknowledged' as const, isFlagged: true };
    expect(actionsOn(flagged, farmUser).canResolve).toBe(true);
    expect(actionsOn(flagged, agentUser).canResolve).toBe(false);
    expect(actionsOn({ ...flagged, resolvedAt: new Date() }, farmUser).canResolve).toBe(false);
  });
});

describe('refusals: the status and message the service answers with', () => {
  it('acknowledge', () => {
    expect(acknowledgeRefusal(delivery, otherAgent)).toEqual({ status: 403, message: m.notRecipient });
    expect(acknowledgeRefusal({ ...delivery, status: 'recalled' }, agentUser)).toEqual({
      status: 409,
      message: m.withdrawn,
    });
    expect(acknowledgeRefusal({ ...delivery, status: 'acknowledged' }, agentUser)).toEqual({
      status: 409,
      message: m.alreadyAcknowledged,
    });
    expect(acknowledgeRefusal({ ...crateRequest, fromActive: false }, farmUser)).toEqual({
      status: 409,
      message: m.requesterRemoved,
    });
  });

  it('recall and resolve', () => {
    expect(recallRefusal(delivery, agentUser)).toEqual({ status: 403, message: m.notSender });
    expect(recallRefusal({ ...delivery, status: 'acknowledged' }, farmUser)).toEqual({
      status: 409,
      message: m.notPending,
    });
    expect(resolveRefusal(delivery, farmUser)).toEqual({ status: 409, message: m.notFlagged });
    expect(resolveRefusal({ ...delivery, isFlagged: true, resolvedAt: new Date() }, farmUser)).toEqual({
      status: 409,
      message: m.alreadyResolved,
    });
  });
});
