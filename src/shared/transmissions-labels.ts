// Transmissions' constants, labels and the spec §5/§8 messages, without zod, so the dashboards can
// show them without building the request schemas (decision 033). src/shared/transmissions.ts
// re-exports all of it, with the schemas.

import transmissionsEnglish from './i18n/en/transmissions.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';

addEnglish({ transmissions: transmissionsEnglish });

export const transmissionTypes = ['farm_to_market', 'market_to_farm', 'supplier_to_farm'] as const;
export type TransmissionType = (typeof transmissionTypes)[number];
/** recalled: the sender took it back while still pending; its crates went back where they came from. */
export const transmissionStatuses = ['pending', 'in_transit', 'delivered', 'acknowledged', 'recalled'] as const;
export type TransmissionStatus = (typeof transmissionStatuses)[number];

export const transmissionTypeLabels: Record<TransmissionType, string> = {
  farm_to_market: english('transmissions.typeFarmToMarket'),
  market_to_farm: english('transmissions.typeMarketToFarm'),
  supplier_to_farm: english('transmissions.typeSupplierToFarm'),
};

/** Server limits (spec §9): the farm sends 1–1000 (the transmissions screen's form stops at 400). */
export const FARM_SEND_MAX = 1000;
export const TRANSMISSIONS_FORM_MAX = 400;
export const SUPPLIER_REQUEST_MAX = 500;
/** Spec §9: the dashboards show the 5 most recent transmissions (the server's dashboard and the web's card). */
export const DASHBOARD_RECENT_TRANSMISSIONS = 5;
/** A count above this is a typing mistake, not a delivery. */
export const ACTUAL_QUANTITY_MAX = 100_000;

/**
 * The highest count a recipient may confirm for `sent` crates (docs/decisions/013): a few crates
 * found in a load are real, a count far above what was loaded is a typing mistake. The sent quantity
 * plus 10% of it, at least 5 more.
 */
export function maxCountFor(sent: number): number {
  return sent + Math.max(5, Math.ceil(sent / 10));
}
export const STOCK_ADJUSTMENT_MAX = 1_000_000;
export const RECENT_TRANSMISSIONS_DEFAULT = 50;

export const transmissionMessages = {
  quantityRequired: english('transmissions.quantityRequired'),
  selectAgent: english('transmissions.selectAgent'),
  invalidQuantity: english('transmissions.invalidQuantity'),
  noEmptyCrates: english('transmissions.noEmptyCrates'),
  noFarmStore: english('transmissions.noFarmStore'),
  created: english('transmissions.created'),
  acknowledged: english('transmissions.acknowledged'),
  createFailed: english('transmissions.createFailed'),
  sendFailed: english('transmissions.sendFailed'),
  acknowledgeFailed: english('transmissions.acknowledgeFailed'),
  returnFailed: english('transmissions.returnFailed'),
  crateRequestFailed: english('transmissions.crateRequestFailed'),
  noTransmissions: english('transmissions.noTransmissions'),
  incomingTitle: english('transmissions.incomingTitle'),
  acknowledgeButton: english('transmissions.acknowledgeButton'),
  farmQuantityRange: english('transmissions.farmQuantityRange', { max: FARM_SEND_MAX }),
  supplierQuantityRange: english('transmissions.supplierQuantityRange', { max: SUPPLIER_REQUEST_MAX }),
  agentNotFound: english('transmissions.agentNotFound'),
  agentMismatch: english('transmissions.agentMismatch'),
  transmissionNotFound: english('transmissions.transmissionNotFound'),
  notRecipient: english('transmissions.notRecipient'),
  notSender: english('transmissions.notSender'),
  notPending: english('transmissions.notPending'),
  recalled: english('transmissions.recalled'),
  withdrawn: english('transmissions.withdrawn'),
  recallFailed: english('transmissions.recallFailed'),
  recallButton: english('transmissions.recallButton'),
  countTooHigh: (max: number) => english('transmissions.countTooHigh', { max }),
  reverseOnlyForOverCount: english('transmissions.reverseOnlyForOverCount'),
  reverseTooMany: (over: number) => english('transmissions.reverseTooMany', { over }),
  foundAndReverse: english('transmissions.foundAndReverse'),
  reverseNotHeld: (available: number) => english('transmissions.reverseNotHeld', { available }),
  alreadyAcknowledged: english('transmissions.alreadyAcknowledged'),
  requesterRemoved: english('transmissions.requesterRemoved'),
  agentsReturnOnly: english('transmissions.agentsReturnOnly'),
  farmTypesOnly: english('transmissions.farmTypesOnly'),
  suppliersRequestOnly: english('transmissions.suppliersRequestOnly'),
  supplierNotApproved: english('transmissions.supplierNotApproved'),
  notEnoughFarmStock: (available: number) => english('transmissions.notEnoughFarmStock', { available }),
  notEnoughAgentEmpties: (available: number) => english('transmissions.notEnoughAgentEmpties', { available }),
  notFlagged: english('transmissions.notFlagged'),
  alreadyResolved: english('transmissions.alreadyResolved'),
  noteRequired: english('transmissions.noteRequired'),
  foundTooMany: (shortfall: number) => english('transmissions.foundTooMany', { shortfall }),
  foundOnlyForShortfall: english('transmissions.foundOnlyForShortfall'),
} as const;

export const stockMessages = {
  quantityRequired: english('transmissions.stockQuantityRequired'),
  quantityNonZero: english('transmissions.stockQuantityNonZero'),
  reasonRequired: english('transmissions.stockReasonRequired'),
  belowZero: (available: number) => english('transmissions.stockBelowZero', { available }),
  openingBalanceTwice: english('transmissions.stockOpeningBalanceTwice'),
  openingBalanceEmpty: english('transmissions.stockOpeningBalanceEmpty'),
} as const;
