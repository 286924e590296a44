// Transmissions' constants, labels and the spec §5/§8 messages, without zod, so the dashboards can
// show them without building the request schemas (decision 033). src/shared/transmissions.ts
// re-exports all of it, with the schemas.

export const transmissionTypes = ['farm_to_market', 'market_to_farm', 'supplier_to_farm'] as const;
export type TransmissionType = (typeof transmissionTypes)[number];
/** recalled: the sender took it back while still pending; its crates went back where they came from. */
export const transmissionStatuses = ['pending', 'in_transit', 'delivered', 'acknowledged', 'recalled'] as const;
export type TransmissionStatus = (typeof transmissionStatuses)[number];

export const transmissionTypeLabels: Record<TransmissionType, string> = {
  farm_to_market: 'Farm to Market',
  market_to_farm: 'Market to Farm',
  supplier_to_farm: 'Supplier Crate Request',
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
  quantityRequired: 'Please enter quantity',
  selectAgent: 'Please select a market agent',
  invalidQuantity: 'Invalid Quantity: Please enter a valid quantity',
  noEmptyCrates: 'No empty crates available to return',
  noFarmStore: 'No farm store user found in system',
  created: 'Transmission created successfully',
  acknowledged: 'Transmission acknowledged and billing updated',
  createFailed: 'Failed to create transmission',
  sendFailed: 'Failed to send crates',
  acknowledgeFailed: 'Failed to acknowledge transmission',
  returnFailed: 'Failed to send empty crates to farm',
  crateRequestFailed: 'Failed to send crate request',
  noTransmissions: 'No transmissions found',
  incomingTitle: 'Incoming Transmissions - Action Required',
  acknowledgeButton: 'Acknowledge Receipt',
  farmQuantityRange: `Quantity must be between 1 and ${FARM_SEND_MAX}`,
  supplierQuantityRange: `Quantity must be between 1 and ${SUPPLIER_REQUEST_MAX}`,
  agentNotFound: 'Market agent not found',
  agentMismatch: 'The selected user is not that market agent',
  transmissionNotFound: 'Transmission not found',
  notRecipient: 'Only the addressed recipient can acknowledge this transmission',
  notSender: 'Only the sender can recall this transmission',
  notPending: 'Only a pending transmission can be recalled',
  recalled: 'Transmission recalled',
  withdrawn: 'This transmission was withdrawn and can no longer be acknowledged',
  recallFailed: 'Failed to recall transmission',
  recallButton: 'Recall',
  countTooHigh: (max: number) => `The count can be at most ${max} for this transmission`,
  reverseOnlyForOverCount: 'Only crates counted above the sent quantity can be reversed',
  reverseTooMany: (over: number) => `At most ${over} crates were counted above the sent quantity`,
  foundAndReverse: 'Book crates found or reverse an over-count, not both',
  reverseNotHeld: (available: number) => `Only ${available} of those crates are still there to reverse`,
  alreadyAcknowledged: 'This transmission has already been acknowledged',
  requesterRemoved: "This supplier's account was removed: restore it on User Management to fulfil the request",
  agentsReturnOnly: 'Market agents can only return empty crates to the farm store (market_to_farm)',
  farmTypesOnly: 'The farm store sends farm_to_market or collects market_to_farm',
  suppliersRequestOnly: 'Suppliers can only request crates (supplier_to_farm)',
  supplierNotApproved: 'Your supplier account is awaiting approval',
  notEnoughFarmStock: (available: number) => `Not enough crates in farm stock: ${available} available`,
  notEnoughAgentEmpties: (available: number) => `The agent has only ${available} empty crates to collect`,
  notFlagged: 'This transmission has no counted difference to resolve',
  alreadyResolved: 'This flagged transmission has already been resolved',
  noteRequired: 'Please enter a note',
  foundTooMany: (shortfall: number) => `At most ${shortfall} crates are missing from this transmission`,
  foundOnlyForShortfall: 'Crates found can only be booked against a count below the sent quantity',
} as const;

export const stockMessages = {
  quantityRequired: 'Please enter a quantity',
  quantityNonZero: 'Quantity must be a whole number other than 0',
  reasonRequired: 'Please enter a reason',
  belowZero: (available: number) => `Farm stock cannot go below zero: ${available} crates in stock`,
  openingBalanceTwice: 'An opening balance has already been entered for this agent',
  openingBalanceEmpty: 'Enter at least one full or empty crate',
} as const;

/**
 * A supplier's crate request (supplier_to_farm) worded from the reader's side: the crates go
 * farm → supplier although the request goes supplier → farm, so no arrow is drawn. `requester` null
 * means the reader sent it.
 */
export const crateRequestText = (cratesText: string, requester: string | null) =>
  requester === null ? `You requested ${cratesText} from the farm` : `Supplier ${requester} requested ${cratesText}`;
