// Who may do what with one transmission: each rule written once, as a pure function of the
// transmission and the caller. The service refuses with it, and every answer states it as
// `canAcknowledge`, `canRecall` and `canResolve`, so the client shows actions without repeating rules.
import type { Role } from '../../../shared/auth.ts';
import { roleHasPermission } from '../../../shared/permissions.ts';
import {
  transmissionMessages as m,
  type TransmissionStatus,
  type TransmissionType,
} from '../../../shared/transmissions.ts';
import type { Refusal } from '../../lib/http-error.ts';
import { type Acting, actsFor, farmStore, type Party } from '../../lib/ownership.ts';

/** What the rules read of a transmission: its kind, state and parties (with whether they are active). */
export type TransmissionFacts = {
  type: TransmissionType;
  status: TransmissionStatus;
  fromUserId: number;
  fromRole: Role;
  /** Whether the sender's account is active (a removed supplier's request waits, decision 022). */
  fromActive: boolean;
  /** null: addressed to the farm store role. */
  toUserId: number | null;
  /** null when addressed to the farm store role. */
  toActive: boolean | null;
  isFlagged: boolean;
  resolvedAt: Date | string | null;
};

/** Who sent it, as a party: a farm store user sends for the farm store. */
export const senderOf = (t: Pick<TransmissionFacts, 'fromRole' | 'fromUserId'>): Party =>
  t.fromRole === 'farm_store' ? farmStore : { userId: t.fromUserId };

/** Who must acknowledge it: the addressed person, or the farm store role. */
export const recipientOf = (t: Pick<TransmissionFacts, 'toUserId'>): Party =>
  t.toUserId === null ? farmStore : { userId: t.toUserId };

/**
 * Acknowledging: only the addressed recipient (for the farm store role, any farm store user), only
 * while pending, and a supplier's request only while the supplier's account is active.
 */
export function acknowledgeRefusal(t: TransmissionFacts, caller: Acting): Refusal | null {
  if (!roleHasPermission(caller.role, 'acknowledge:transmission:own') || !actsFor(caller, recipientOf(t))) {
    return { status: 403, message: m.notRecipient };
  }
  if (t.status === 'recalled') return { status: 409, message: m.withdrawn };
  if (t.status !== 'pending') return { status: 409, message: m.alreadyAcknowledged };
  if (t.type === 'supplier_to_farm' && !t.fromActive) return { status: 409, message: m.requesterRemoved };
  return null;
}

/**
 * Recalling (docs/decisions/012): the sender, while pending — for the farm store anything the farm
 * sent, and anything addressed to a user who has since been removed, so no crates are stranded.
 */
export function recallRefusal(t: TransmissionFacts, caller: Acting): Refusal | null {
  const mayRecall =
    roleHasPermission(caller.role, 'recall:transmission:own') &&
    (actsFor(caller, senderOf(t)) || (caller.role === 'farm_store' && t.toActive === false));
  if (!mayRecall) return { status: 403, message: m.notSender };
  if (t.status !== 'pending') return { status: 409, message: m.notPending };
  return null;
}

/** Resolving: the farm store, once, a transmission whose count was flagged. */
export function resolveRefusal(t: TransmissionFacts, caller: Acting): Refusal | null {
  if (!roleHasPermission(caller.role, 'resolve:transmission:any')) return { status: 403, message: 'Forbidden' };
  if (!t.isFlagged) return { status: 409, message: m.notFlagged };
  if (t.resolvedAt) return { status: 409, message: m.alreadyResolved };
  return null;
}

export type TransmissionActions = { canAcknowledge: boolean; canRecall: boolean; canResolve: boolean };

/** What the caller may do with this transmission now, as every answer states it. */
export function actionsOn(t: TransmissionFacts, caller: Acting): TransmissionActions {
  return {
    canAcknowledge: acknowledgeRefusal(t, caller) === null,
    canRecall: recallRefusal(t, caller) === null,
    canResolve: resolveRefusal(t, caller) === null,
  };
}
