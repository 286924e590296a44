// Who may do what with a supplier, an offer or a tender: each rule once, a pure function.
// The service refuses with it and every answer states it (`canApprove`, `canReject`, `canOpenTender`,
// `canAnswer`), so the client shows actions without repeating the rules.
import type { Role } from '../../../shared/auth.ts';
import { roleHasPermission } from '../../../shared/permissions.ts';
import { supplierMessages as m, type TenderStatus } from '../../../shared/suppliers.ts';
import type { Refusal } from '../../lib/http-error.ts';

type SupplierStatus = 'pending' | 'approved' | 'rejected';

/** The farm store approves a supplier that isn't approved yet, and rejects one that isn't rejected. */
export function decisionRefusal(
  supplier: { status: SupplierStatus },
  decision: 'approved' | 'rejected',
  caller: { role: Role },
): Refusal | null {
  if (!roleHasPermission(caller.role, 'approve:supplier:any')) return { status: 403, message: 'Forbidden' };
  if (supplier.status === decision) {
    return { status: 409, message: decision === 'approved' ? m.alreadyApproved : m.alreadyRejected };
  }
  return null;
}

export const actionsOnSupplier = (supplier: { status: SupplierStatus }, caller: { role: Role }) => ({
  canApprove: decisionRefusal(supplier, 'approved', caller) === null,
  canReject: decisionRefusal(supplier, 'rejected', caller) === null,
});

/**
 * The farm store opens a tender on an approved (and not removed) supplier's active offer, one open
 * tender per offer.
 */
export function openTenderRefusal(
  offer: { isActive: boolean; supplierApproved: boolean; hasOpenTender: boolean },
  caller: { role: Role },
): Refusal | null {
  if (!roleHasPermission(caller.role, 'create:tender:any')) return { status: 403, message: 'Forbidden' };
  if (!offer.supplierApproved) return { status: 409, message: m.supplierNotApprovedForTender };
  if (!offer.isActive) return { status: 409, message: m.offerInactive };
  if (offer.hasOpenTender) return { status: 409, message: m.offerHasOpenTender };
  return null;
}

/**
 * The supplier a tender was sent to answers it, once. `callerSupplierId`: the caller's own approved
 * supplier record (null for anyone else).
 */
export function answerRefusal(
  tender: { supplierId: number; status: TenderStatus },
  callerSupplierId: number | null,
): Refusal | null {
  if (tender.supplierId !== callerSupplierId) return { status: 403, message: m.notYourTender };
  if (tender.status !== 'pending') return { status: 409, message: m.tenderAnswered };
  return null;
}

export const actionsOnTender = (
  tender: { supplierId: number; status: TenderStatus },
  callerSupplierId: number | null,
) => ({
  canAnswer: answerRefusal(tender, callerSupplierId) === null,
});
