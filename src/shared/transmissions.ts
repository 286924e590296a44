// Transmissions and the farm's crate stock: request/response schemas and the spec §5/§8 messages
// (both sides). The rules behind them live in src/server/features/transmissions and crates.
import { z } from 'zod';
import {
  beforeQuery,
  idParams,
  jsonId,
  limitQuery,
  MAX_ID,
  multilineText,
  requiredMultilineText,
  wholeNumber,
} from './fields.ts';
import { instant, pageQuery } from './http.ts';

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
export { MAX_ID };

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

const quantity = (max: number, rangeMessage: string) =>
  z
    .number({ error: transmissionMessages.quantityRequired })
    .int(rangeMessage)
    .min(1, rangeMessage)
    .max(max, rangeMessage);

const id = jsonId;

/**
 * POST /api/transmissions. One shape for every role; the server applies each role's rule:
 * farm store → toUserId/marketAgentId + farm_to_market | market_to_farm (1–1000);
 * market agent → market_to_farm only, addressed to the farm store by the server (≤ its empties);
 * supplier → supplier_to_farm (1–500), addressed to the farm store by the server.
 * fromUserId and status (the spec's supplier variant) are accepted and ignored: the server decides them.
 */
export const createTransmissionBody = z.object({
  type: z.enum(transmissionTypes, { error: 'Please choose a transmission type' }),
  quantity: quantity(FARM_SEND_MAX, transmissionMessages.farmQuantityRange),
  toUserId: id(transmissionMessages.selectAgent).optional().nullable(),
  marketAgentId: id(transmissionMessages.selectAgent).optional().nullable(),
  notes: multilineText(500, 'Notes must be at most 500 characters').optional().nullable(),
  fromUserId: z.unknown().optional(),
  status: z.unknown().optional(),
});
export type CreateTransmissionInput = z.input<typeof createTransmissionBody>;
export type CreateTransmissionBody = z.infer<typeof createTransmissionBody>;

/** The farm store's forms: agent required, 1–1000 (dashboard) or 1–400 (transmissions screen). */
export const farmSendForm = (max: number = FARM_SEND_MAX) =>
  z.object({
    marketAgentId: z.number({ error: transmissionMessages.selectAgent }).int().positive(),
    type: z.enum(['farm_to_market', 'market_to_farm']),
    quantity: z
      .number({ error: transmissionMessages.quantityRequired })
      .int(`Quantity must be between 1 and ${max}`)
      .min(1, `Quantity must be between 1 and ${max}`)
      .max(max, `Quantity must be between 1 and ${max}`),
    notes: multilineText(500).optional(),
  });

// A JSON integer on the wire ("5" is refused); the count dialog parses what was typed with countText.
const countedQuantity = wholeNumber(transmissionMessages.invalidQuantity, 0, ACTUAL_QUANTITY_MAX);

/** The count dialog's text field: digits only, as the counted quantity. */
export const countText = z
  .string()
  .regex(/^\s*\d{1,9}\s*$/, transmissionMessages.invalidQuantity)
  .transform(Number)
  .pipe(countedQuantity);

/** PUT /api/transmissions/{id}/acknowledge: no body (or no actualQuantity) means the sent quantity. */
export const acknowledgeBody = z
  .object({ actualQuantity: countedQuantity.optional().nullable() }, { error: transmissionMessages.invalidQuantity })
  .optional()
  .nullable();
export type AcknowledgeBody = z.infer<typeof acknowledgeBody>;

/**
 * PUT /api/transmissions/{id}/resolve (farm store): a flagged difference is closed with a note.
 * foundQuantity > 0 (only for a count below the sent quantity) books crates found from the write-off
 * account to where they should have arrived; reverseQuantity > 0 (only for a count above the sent
 * quantity) takes crates booked as found back to the write-off account (docs/decisions/013);
 * neither (or 0) accepts the difference as it stands.
 */
export const resolveTransmissionBody = z.object({
  note: requiredMultilineText(transmissionMessages.noteRequired, 500),
  foundQuantity: z
    .number({ error: transmissionMessages.invalidQuantity })
    .int(transmissionMessages.invalidQuantity)
    .min(0, transmissionMessages.invalidQuantity)
    .max(ACTUAL_QUANTITY_MAX, transmissionMessages.invalidQuantity)
    .optional(),
  reverseQuantity: z
    .number({ error: transmissionMessages.invalidQuantity })
    .int(transmissionMessages.invalidQuantity)
    .min(0, transmissionMessages.invalidQuantity)
    .max(ACTUAL_QUANTITY_MAX, transmissionMessages.invalidQuantity)
    .optional(),
});
export type ResolveTransmissionBody = z.infer<typeof resolveTransmissionBody>;

export const transmissionIdParams = idParams();

export const transmissionListQuery = pageQuery.extend({ before: beforeQuery });
export const recentTransmissionsQuery = z.object({ limit: limitQuery(RECENT_TRANSMISSIONS_DEFAULT) });
export const flaggedTransmissionsQuery = transmissionListQuery.extend({
  /** open (default): flagged and not yet resolved; all: every flagged transmission. */
  state: z.enum(['open', 'all']).default('open'),
});

export const transmissionSchema = z.object({
  id: z.number(),
  type: z.enum(transmissionTypes),
  fromUserId: z.number(),
  /** null: addressed to the farm store (any farm store user may acknowledge; toName is "Farm Store"). */
  toUserId: z.number().nullable(),
  marketAgentId: z.number().nullable(),
  quantity: z.number(),
  actualQuantity: z.number().nullable(),
  notes: z.string().nullable(),
  status: z.enum(transmissionStatuses),
  isFlagged: z.boolean(),
  /** actualQuantity − quantity once acknowledged (negative: crates missing), else null. */
  difference: z.number().nullable(),
  resolutionNote: z.string().nullable(),
  resolvedAt: instant.nullable(),
  acknowledgedAt: instant.nullable(),
  recalledAt: instant.nullable(),
  sentAt: instant,
  createdAt: instant,
  fromName: z.string(),
  toName: z.string(),
  agentName: z.string().nullable(),
  agentNumber: z.string().nullable(),
});
export type Transmission = z.infer<typeof transmissionSchema>;
export const transmissionListResponse = z.array(transmissionSchema);
export const pendingCountResponse = z.object({ count: z.number() });

// ---- Farm stock (DESIGN §4) ----

export const stockAdjustmentBody = z.object({
  quantity: z
    .number({ error: stockMessages.quantityRequired })
    .int(stockMessages.quantityNonZero)
    .min(-STOCK_ADJUSTMENT_MAX, stockMessages.quantityNonZero)
    .max(STOCK_ADJUSTMENT_MAX, stockMessages.quantityNonZero)
    .refine((q) => q !== 0, stockMessages.quantityNonZero),
  reason: requiredMultilineText(stockMessages.reasonRequired, 300),
});
export type StockAdjustmentBody = z.infer<typeof stockAdjustmentBody>;

const openingCount = z
  .number({ error: 'Enter a whole number of crates (0 or more)' })
  .int('Enter a whole number of crates (0 or more)')
  .min(0, 'Enter a whole number of crates (0 or more)')
  .max(STOCK_ADJUSTMENT_MAX, 'Enter a whole number of crates (0 or more)');

/** POST /api/farm-store/opening-balances: an agent's crates on paper when the farm starts using the app. */
export const openingBalanceBody = z.object({
  marketAgentId: id(transmissionMessages.selectAgent),
  fullCrates: openingCount.default(0),
  emptyCrates: openingCount.default(0),
  reason: multilineText(300).optional(),
});
export type OpeningBalanceBody = z.infer<typeof openingBalanceBody>;

export const stockEntryKinds = ['stock_adjustment', 'opening_balance'] as const;
/** One row of the settings tab's history: a stock adjustment or an agent's opening balance. */
export const stockEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(stockEntryKinds),
  /** Signed: positive adds crates to the farm's pool, negative writes off. */
  quantity: z.number(),
  /** 'farm', or 'agent_full' / 'agent_empty' for an opening balance. */
  holder: z.enum(['farm', 'agent_full', 'agent_empty']),
  marketAgentId: z.number().nullable(),
  agentName: z.string().nullable(),
  reason: z.string().nullable(),
  occurredAt: instant,
  createdByName: z.string().nullable(),
});
export type StockEntry = z.infer<typeof stockEntrySchema>;
export const stockEntryListResponse = z.array(stockEntrySchema);

export const stockAdjustmentResponse = z.object({ stock: z.number(), entry: stockEntrySchema });
export const openingBalanceResponse = z.object({
  marketAgentId: z.number(),
  fullCrates: z.number(),
  emptyCrates: z.number(),
  entries: z.array(stockEntrySchema),
});

export const farmStoreMeResponse = z.object({
  user: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    role: z.literal('farm_store'),
    createdAt: instant,
  }),
  /** Crates in the farm store right now. */
  stock: z.number(),
  /** Flagged transmissions not yet resolved. */
  flaggedCount: z.number(),
  /** Pending transmissions addressed to the farm store (the same for every farm store user). */
  pendingCount: z.number(),
});
export type FarmStoreMe = z.infer<typeof farmStoreMeResponse>;
