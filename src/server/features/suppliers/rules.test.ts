// The supplier rules alone: approving and rejecting, opening a tender, answering one.
import { describe, expect, it } from 'vitest';
import { supplierMessages as m } from '../../../shared/suppliers.ts';
import { actionsOnSupplier, actionsOnTender, answerRefusal, decisionRefusal, openTenderRefusal } from './rules.ts';

const farm = { role: 'farm_store' as const };
const supplierCaller = { role: 'supplier' as const };

describe('supplier approval', () => {
  it('the farm store approves what is not approved and rejects what is not rejected', () => {
    expect(actionsOnSupplier({ status: 'pending' }, farm)).toEqual({ canApprove: true, canReject: true });
    expect(actionsOnSupplier({ status: 'approved' }, farm)).toEqual({ canApprove: false, canReject: true });
    expect(actionsOnSupplier({ status: 'rejected' }, farm)).toEqual({ canApprove: true, canReject: false });
    expect(actionsOnSupplier({ status: 'pending' }, supplierCaller)).toEqual({ canApprove: false, canReject: false });
    expect(decisionRefusal({ status: 'approved' }, 'approved', farm)).toEqual({
      status: 409,
      message: m.alreadyApproved,
    });
  });
});

describe('tenders', () => {
  const offer = { isActive: true, supplierApproved: true, hasOpenTender: false };
  it('open one on an approved supplier’s active offer without an open tender', () => {
    expect(openTenderRefusal(offer, farm)).toBeNull();
    expect(openTenderRefusal({ ...offer, hasOpenTender: true }, farm)?.message).toBe(m.offerHasOpenTender);
    expect(openTenderRefusal({ ...offer, isActive: false }, farm)?.message).toBe(m.offerInactive);
    expect(openTenderRefusal({ ...offer, supplierApproved: false }, farm)?.message).toBe(
      m.supplierNotApprovedForTender,
    );
    expect(openTenderRefusal(offer, supplierCaller)?.status).toBe(403);
  });

  it('the supplier it was sent to answers it, once', () => {
    expect(actionsOnTender({ supplierId: 5, status: 'pending' }, 5)).toEqual({ canAnswer: true });
    expect(actionsOnTender({ supplierId: 5, status: 'accepted' }, 5)).toEqual({ canAnswer: false });
    expect(actionsOnTender({ supplierId: 5, status: 'pending' }, 6)).toEqual({ canAnswer: false });
    expect(actionsOnTender({ supplierId: 5, status: 'pending' }, null)).toEqual({ canAnswer: false });
    expect(answerRefusal({ supplierId: 5, status: 'pending' }, 6)).toEqual({ status: 403, message: m.notYourTender });
    expect(answerRefusal({ supplierId: 5, status: 'rejected' }, 5)).toEqual({ status: 409, message: m.tenderAnswered });
  });
});
