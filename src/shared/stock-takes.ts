// Stock takes (decision 051): schemas and messages of /api/stock-takes for both sides.
import { z } from 'zod';
import { jsonId, multilineText, oneOf, wholeNumber } from './fields.ts';
import { instant } from './http.ts';
import stockTakesEnglish from './i18n/en/stock-takes.json' with { type: 'json' };
import { addEnglish, english as e } from './i18n/english.ts';

addEnglish({ 'stock-takes': stockTakesEnglish });

export const STOCK_TAKE_COUNT_MAX = 100_000;

export const stockTakeMessages = {
  countWhole: e('stock-takes.countWhole', { max: STOCK_TAKE_COUNT_MAX.toLocaleString('en-ZA') }),
  agentsRequired: e('stock-takes.agentsRequired'),
  agentUnknown: e('stock-takes.agentUnknown'),
  noAgents: e('stock-takes.noAgents'),
  alreadyCounting: (names: string) => e('stock-takes.alreadyCounting', { names }),
  countNotFound: e('stock-takes.countNotFound'),
  lineNotFound: e('stock-takes.lineNotFound'),
  notOpen: e('stock-takes.notOpen'),
  clientMissing: e('stock-takes.clientMissing'),
  clientUnknown: e('stock-takes.clientUnknown'),
  noDifference: e('stock-takes.noDifference'),
  alreadyResolved: e('stock-takes.alreadyResolved'),
  notSubmitted: e('stock-takes.notSubmitted'),
  noteTooLong: e('stock-takes.noteTooLong'),
  started: e('stock-takes.started'),
  submitted: e('stock-takes.submitted'),
  accepted: e('stock-takes.accepted'),
  recountAsked: e('stock-takes.recountAsked'),
  tooFewNow: (held: number) => e('stock-takes.tooFewNow', { held }),
} as const;

const m = stockTakeMessages;
const counted = wholeNumber(m.countWhole, 0, STOCK_TAKE_COUNT_MAX);

/** POST /api/stock-takes: the agents to count (none: every active agent). */
export const startStockTakeBody = z
  .object({ marketAgentIds: z.array(jsonId(m.agentUnknown), { error: m.agentsRequired }).max(1000).optional() })
  .optional()
  .nullable();

/** PUT /api/stock-takes/counts/{id}/submit: what the agent counted, every client on its list. */
export const submitCountBody = z.object({
  fullCrates: counted,
  emptyCrates: counted,
  clients: z.array(z.object({ clientId: jsonId(m.clientUnknown), counted }), { error: m.clientMissing }).max(5000),
});
export type SubmitCountBody = z.infer<typeof submitCountBody>;

/** PUT /api/stock-takes/lines/{id}/resolve: accept the difference (booked) or ask for a recount. */
export const resolveLineBody = z.object({
  action: oneOf('action', ['accept', 'recount']),
  note: multilineText(500, m.noteTooLong).optional().nullable(),
});
export type ResolveLineBody = z.infer<typeof resolveLineBody>;

export const stockTakeLineSchema = z.object({
  id: z.number(),
  holderKind: z.enum(['full', 'empty', 'client']),
  clientId: z.number().nullable(),
  /** "Full crates", "Empty crates" or the client's business name. */
  label: z.string(),
  expected: z.number(),
  counted: z.number(),
  /** counted − expected: below zero missing, above zero found. Flagged when not 0. */
  difference: z.number(),
  resolution: z.enum(['accepted', 'recount']).nullable(),
  resolutionNote: z.string().nullable(),
});
export type StockTakeLine = z.infer<typeof stockTakeLineSchema>;

export const stockTakeCountSchema = z.object({
  id: z.number(),
  stockTakeId: z.number(),
  marketAgentId: z.number(),
  agentName: z.string(),
  status: z.enum(['open', 'submitted', 'resolved']),
  startedAt: instant,
  submittedAt: instant.nullable(),
  resolvedAt: instant.nullable(),
  lines: z.array(stockTakeLineSchema),
  /** Flagged lines not yet accepted. */
  openDifferences: z.number(),
});
export type StockTakeCount = z.infer<typeof stockTakeCountSchema>;
export const stockTakeCountListResponse = z.array(stockTakeCountSchema);

/** What the agent counts now: its open count and the holders to count, prefilled with the ledger's figures. */
export const currentStockTakeResponse = z.object({
  count: stockTakeCountSchema.nullable(),
  toCount: z.array(
    z.object({
      holderKind: z.enum(['full', 'empty', 'client']),
      clientId: z.number().nullable(),
      label: z.string(),
      expected: z.number(),
      /** On a recount: what was counted before. */
      previouslyCounted: z.number().nullable(),
    }),
  ),
});
export type CurrentStockTake = z.infer<typeof currentStockTakeResponse>;

/** GET /api/stock-takes/agents/{id}: an agent's stock-take history and loss rate. */
export const agentStockTakeHistoryResponse = z.object({
  marketAgentId: z.number(),
  counts: z.array(stockTakeCountSchema),
  /** Crates received by the agent from the farm (deliveries counted in). */
  cratesHandled: z.number(),
  /** Crates written off on the agent's account: accepted stock-take shortfalls less found, and damaged crates. */
  cratesWrittenOff: z.number(),
  /** cratesWrittenOff / cratesHandled (0 when nothing was handled). */
  lossRate: z.number(),
});
export type AgentStockTakeHistory = z.infer<typeof agentStockTakeHistoryResponse>;

export const stockTakeCountsQuery = z.object({ state: z.enum(['open', 'all']).optional() });
