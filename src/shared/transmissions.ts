// Transmissions and the farm's crate stock: request/response schemas and the spec §5/§8 messages
// (both sides). The rules behind them live in src/server/features/transmissions and crates.
import { z } from 'zod';
import { damageFields, requireDamageReason } from './damage.ts';
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
import { quantityLimit } from './quantity-limits.ts';
import { STACK_SIZE_MAX, stackMessages } from './stack-labels.ts';
import {
  ACTUAL_QUANTITY_MAX,
  FARM_SEND_MAX,
  RECENT_TRANSMISSIONS_DEFAULT,
  STOCK_ADJUSTMENT_MAX,
  stockMessages,
  transmissionMessages,
  transmissionStatuses,
  transmissionTypes,
} from './transmissions-labels.ts';

// The zod-free half (constants, labels, messages) lives in transmissions-labels.ts, so screens that
// only show them need not load zod; it is re-exported here.
export * from './transmissions-labels.ts';
export { MAX_ID };

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
  /** A delivery's crates per labelled stack (decision 073); left out: the farm's usual size; null: no stacks. */
  stackSize: wholeNumber(stackMessages.stackSizeRange, 1, STACK_SIZE_MAX).optional().nullable(),
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
    // The field's one limit (decision 067): negative and non-whole numbers get the spec's message.
    quantity: z.number({ error: transmissionMessages.quantityRequired }).superRefine((quantity, ctx) => {
      const message = quantityLimit(1, max).check(quantity);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
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

/** The stack numbers a phone read off a delivery's labels (decision 073); the server checks them against it. */
export const scannedStacksField = z
  .array(wholeNumber(transmissionMessages.invalidQuantity, 1, STACK_SIZE_MAX), { error: stackMessages.noStacks })
  .max(STACK_SIZE_MAX, stackMessages.noStacks);

/**
 * PUT /api/transmissions/{id}/acknowledge: no body (or no actualQuantity) means the sent quantity, or
 * with scannedStacks the crates on the stacks scanned.
 */
export const acknowledgeBody = z
  .object(
    // The farm counting an agent's returned empties may mark some damaged, with a reason (decision 051).
    {
      actualQuantity: countedQuantity.optional().nullable(),
      scannedStacks: scannedStacksField.optional(),
      ...damageFields,
    },
    { error: transmissionMessages.invalidQuantity },
  )
  .superRefine(requireDamageReason)
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

/** GET /api/transmissions/{id}/labels: a sheet of A4 labels, or one 62 mm label per page for a label printer. */
export const labelsQuery = z.object({ layout: z.enum(['a4', 'roll']).default('a4') });

/** PUT /api/farm-store/stack-size and its answer: the farm's usual crates per stack (null: no stacks). */
export const usualStackSizeBody = z.strictObject({
  stackSize: wholeNumber(stackMessages.stackSizeRange, 1, STACK_SIZE_MAX).nullable(),
});
export type UsualStackSize = z.infer<typeof usualStackSizeBody>;

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
  /** Crates per labelled stack (decision 073), null: not split into stacks; stackCount: how many stacks (0). */
  stackSize: z.number().nullable(),
  stackCount: z.number(),
  /** The stacks the recipient scanned when counting (null: counted by hand), and those it did not. */
  scannedStacks: z.array(z.number()).nullable(),
  unscannedStacks: z.array(z.object({ stack: z.number(), of: z.number(), crates: z.number() })),
  status: z.enum(transmissionStatuses),
  isFlagged: z.boolean(),
  /** actualQuantity − quantity once acknowledged (negative: crates missing), else null. */
  difference: z.number().nullable(),
  /** Returned empties the farm marked damaged when counting them (decision 051); 0 otherwise. */
  damagedQuantity: z.number(),
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
  /** What the caller may do with it now: the server's rules, stated so the client needn't repeat them. */
  canAcknowledge: z.boolean(),
  canRecall: z.boolean(),
  /** A flagged count the farm store has not resolved yet. */
  canResolve: z.boolean(),
});
export type Transmission = z.infer<typeof transmissionSchema>;
export const transmissionListResponse = z.array(transmissionSchema);
export const pendingCountResponse = z.object({ count: z.number() });

/**
 * What waits for the caller's action, by kind (decision 047): `deliveries` to count
 * (sent to the caller, or to the farm store role), supplier `crateRequests` to fulfil (farm store only),
 * and `flaggedCounts` (differences waiting to be resolved; farm store only). `deliveries + crateRequests`
 * is the pending-count's `count`; the flagged counts are the separate figure beside it.
 */
export const actionCountsResponse = z.object({
  deliveries: z.number().int(),
  crateRequests: z.number().int(),
  flaggedCounts: z.number().int(),
});
export type ActionCounts = z.infer<typeof actionCountsResponse>;

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
