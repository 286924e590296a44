// Reports (spec §2 Reports screen, §3 Report request, §5 report dates, §7): the request both the
// screen and the server read, the summary the screen shows, an agent's weekly summary, and the
// spec's toasts. Dates are calendar days in the farm's time zone (YYYY-MM-DD).
import { z } from 'zod';
import { jsonId, MAX_ID } from './fields.ts';
import { instant } from './http.ts';
import balanceStatementsEnglish from './i18n/en/balance-statements.json' with { type: 'json' };
import reportsEnglish from './i18n/en/reports.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';

addEnglish({ 'balance-statements': balanceStatementsEnglish, reports: reportsEnglish });

export const reportTypes = ['weekly', 'monthly', 'billing', 'custom'] as const;
export type ReportType = (typeof reportTypes)[number];

/** Spec §5: blank dates mean the last 7 days up to today (weekly and custom reports, decision 041). */
export const DEFAULT_REPORT_DAYS = 7;

/**
 * What a report's period stands for (decision 041): the dates given ('dates'), or with both
 * left blank the last 7 days up to today, this calendar month so far (monthly) or the active billing
 * cycle so far (billing; the last 7 days when no cycle is active).
 */
export const periodBases = ['dates', 'lastDays', 'monthToDate', 'billingCycle'] as const;
export type PeriodBasis = (typeof periodBases)[number];
/** A report covers at most a year (and a leap day), so every figure stays one bounded query. */
export const MAX_REPORT_DAYS = 366;
/** Spec §9: Recent Transmission Activity shows 10 of 50 fetched. */
export const RECENT_ACTIVITY_FETCHED = 50;
export const RECENT_ACTIVITY_SHOWN = 10;

export const reportMessages = {
  reportType: english('reports.reportType'),
  date: english('reports.date'),
  agent: english('reports.agent'),
  dateOrder: english('reports.dateOrder'),
  tooLong: english('reports.tooLong', { max: MAX_REPORT_DAYS }),
  agentNotFound: english('reports.agentNotFound'),
  recipients: english('reports.recipients'),
  noRecipients: english('reports.noRecipients'),
  noActiveCycle: english('reports.noActiveCycle'),
  noCycleWithDates: (startDate: string, endDate: string) => english('reports.noCycleWithDates', { startDate, endDate }),
  emailed: (n: number) => english('reports.emailed', { n }),
  emailFailed: english('reports.emailFailed'),
  weeklySent: (n: number) => english('reports.weeklySent', { n }),
  weeklyFailed: english('reports.weeklyFailed'),
  downloaded: english('reports.downloaded'),
  generateFailed: english('reports.generateFailed'),
} as const;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
export const isCalendarDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 2000;
};

/** A date field that may be left blank ('' or null or absent: the default applies). */
const optionalDate = z
  .union([
    z.literal(''),
    z.null(),
    z.string({ error: reportMessages.date }).refine(isCalendarDate, reportMessages.date),
  ])
  .optional()
  .transform((v) => (v ? v : undefined));

/** An agent id (a JSON integer or its digits), or 'all' / '' / null / absent for every agent. */
const agentChoice = z
  .union([
    z.literal('all'),
    z.literal(''),
    z.null(),
    z.number({ error: reportMessages.agent }).int(reportMessages.agent).min(1, reportMessages.agent).max(MAX_ID),
    z
      .string({ error: reportMessages.agent })
      .regex(/^\d{1,10}$/, reportMessages.agent)
      .transform(Number)
      .pipe(z.number().min(1, reportMessages.agent).max(MAX_ID, reportMessages.agent)),
  ])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : undefined));

const orderedDates = (range: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx, path: PropertyKey[]) => {
  if (range.startDate && range.endDate && range.startDate > range.endDate) {
    ctx.addIssue({ code: 'custom', message: reportMessages.dateOrder, path: [...path, 'endDate'] });
  }
};

export const dateRangeSchema = z
  .object({ startDate: optionalDate, endDate: optionalDate }, { error: reportMessages.date })
  .superRefine((range, ctx) => orderedDates(range, ctx, []));

/** POST /api/reports/generate and /email (spec §3 Report request). */
export const reportRequestBody = z.object({
  reportType: z.enum(reportTypes, { error: reportMessages.reportType }),
  dateRange: z
    .union([dateRangeSchema, z.null()])
    .optional()
    .transform((v) => v ?? {}),
  selectedAgentId: agentChoice,
});
export type ReportRequestInput = z.input<typeof reportRequestBody>;
export type ReportRequest = z.infer<typeof reportRequestBody>;

/** GET /api/reports/summary?reportType&startDate&endDate&selectedAgentId: the screen's figures (type: what blank dates mean, default weekly). */
export const reportSummaryQuery = z
  .object({
    reportType: z.enum(reportTypes, { error: reportMessages.reportType }).optional(),
    startDate: optionalDate,
    endDate: optionalDate,
    selectedAgentId: agentChoice,
  })
  .superRefine((q, ctx) => orderedDates(q, ctx, []));

/** POST /api/reports/weekly and /api/notifications/weekly-reports: no body, or an empty one. */
export const emptyBody = z.union([z.object({}).strict(), z.null()]).optional();

/** At most this many agents picked by hand for one e-mailed report. */
export const MAX_PICKED_RECIPIENTS = 500;

/**
 * POST /api/reports/email (and its preview): the report request, and optionally the agents picked to
 * receive it (decision 046). recipientAgentIds, when given, is the list; otherwise selectedAgentId (one
 * agent) or every active agent, as the spec says.
 */
export const emailReportBody = reportRequestBody.extend({
  recipientAgentIds: z
    .array(jsonId(reportMessages.recipients), { error: reportMessages.recipients })
    .min(1, reportMessages.recipients)
    .max(MAX_PICKED_RECIPIENTS, reportMessages.recipients)
    .refine((ids) => new Set(ids).size === ids.length, reportMessages.recipients)
    .optional(),
});
export type EmailReportInput = z.input<typeof emailReportBody>;
export type EmailReportRequest = z.infer<typeof emailReportBody>;

/**
 * What became of the messages just queued (decision 046): mailServer 'none' (no SMTP_URL: kept in the
 * outbox), 'up' (the mail server accepted every one), 'down' (refused or silent: they wait in the
 * outbox and are retried).
 */
export const deliverySchema = z.object({
  mailServer: z.enum(['none', 'up', 'down']),
  delivered: z.number().int(),
  queued: z.number().int(),
  error: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const recipientCountResponse = z.object({
  reportData: z.object({
    /** The e-mails queued now (the weekly ones: agents who had not had this week's yet). */
    recipientCount: z.number().int(),
    /** Weekly summaries only: active agents who already had this week's, so got none now. */
    alreadySentCount: z.number().int().optional(),
    delivery: deliverySchema.optional(),
  }),
});
export type RecipientCountResponse = z.infer<typeof recipientCountResponse>;

/** The last delivery attempt the server knows of (before sending): 'unknown' when none was made yet. */
export const mailServerStateSchema = z.object({
  mailServer: z.enum(['none', 'unknown', 'up', 'down']),
  at: instant.nullable(),
  error: z.string().nullable(),
});

const recipientSchema = z.object({
  marketAgentId: z.number().int(),
  name: z.string(),
  email: z.string(),
  agentNumber: z.string(),
});
const mailPreviewSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  attachmentNames: z.array(z.string()),
});
const dayRange = z.object({ startDate: z.string(), endDate: z.string() });

/** POST /api/reports/email/preview: who would receive the report, its period, the first e-mail as sent. */
export const emailPreviewSchema = z.object({
  period: dayRange.extend({ days: z.number().int() }),
  recipients: z.array(recipientSchema),
  preview: mailPreviewSchema.nullable(),
  mailServer: mailServerStateSchema,
});
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

/**
 * POST /api/reports/weekly/preview: the farm's week (Monday to Sunday) the once-a-week limit counts,
 * the 7 days each summary covers, every active agent with when it had this week's (null: not yet), and
 * the first e-mail that would go out.
 */
export const weeklyPreviewSchema = z.object({
  week: dayRange,
  period: dayRange.extend({ days: z.number().int() }),
  recipients: z.array(recipientSchema.extend({ sentAt: instant.nullable() })),
  preview: mailPreviewSchema.nullable(),
  mailServer: mailServerStateSchema,
});
export type WeeklyPreview = z.infer<typeof weeklyPreviewSchema>;

/** What the toast after sending says (decision 046): the spec's words when true, the truth otherwise. */
export type SendOutcome = { title: string; message: string; tone: 'success' | 'notice' };

/** Says a key in a language: `english` on the server, the client's `t` on a screen. */
type Say = (key: string, values?: Record<string, string | number>) => string;

function outcome(sent: string, delivery: Delivery | undefined, what: string, say: Say): SendOutcome {
  if (!delivery || delivery.delivered + delivery.queued === 0)
    return { title: say('reports.outcomeSuccess'), message: sent, tone: 'success' };
  if (delivery.mailServer === 'down') {
    return {
      title: say('reports.outcomeQueued'),
      message: say('reports.outcomeQueuedWords', { what }),
      tone: 'notice',
    };
  }
  if (delivery.mailServer === 'none')
    return { title: say('reports.outcomeSuccess'), message: say('reports.outcomeKept', { sent }), tone: 'success' };
  return { title: say('reports.outcomeSuccess'), message: sent, tone: 'success' };
}

const messagesOf = (n: number, say: Say) => say('reports.messagesCount', { n });
const alreadyHad = (n: number, say: Say) => (n === 0 ? '' : say('reports.alreadyHad', { n }));

export const emailReportOutcome = ({ reportData }: RecipientCountResponse, say: Say = english) =>
  outcome(
    say('reports.emailed', { n: reportData.recipientCount }),
    reportData.delivery,
    messagesOf(reportData.recipientCount, say),
    say,
  );

/**
 * The weekly summaries' toast: the spec's 'Weekly report sent to {n} recipients', or `everyoneWords`
 * (the Billing screen's 'Weekly reports sent to all market agents') when every active agent got one now.
 * `say` is the client's `t` on a screen (the reader's language), English otherwise.
 */
export const weeklyOutcome = (
  { reportData }: RecipientCountResponse,
  everyoneWords?: string,
  say: Say = english,
): SendOutcome => {
  const n = reportData.recipientCount;
  const everyone = everyoneWords && n > 0 && !reportData.alreadySentCount;
  const o = outcome(
    everyone ? everyoneWords : say('reports.weeklySent', { n }),
    reportData.delivery,
    messagesOf(n, say),
    say,
  );
  return { ...o, message: o.message + alreadyHad(reportData.alreadySentCount ?? 0, say) };
};

const period = z.object({ startDate: z.string(), endDate: z.string(), days: z.number().int() });
const share = z.object({ count: z.number().int(), share: z.number().int() });

export const periodTotalsSchema = z.object({
  totalTransmissions: z.number().int(),
  cratesMoved: z.number().int(),
  acknowledged: z.number().int(),
  /** Acknowledged as a rounded percent of all transmissions, 0 when there were none. */
  completionRate: z.number().int(),
  activeAgents: z.number().int(),
});
export type PeriodTotals = z.infer<typeof periodTotalsSchema>;

/** A change against the previous period: a rounded percent (points for the completion rate), null when the previous period had nothing to compare with. */
const change = z.number().int().nullable();

export const agentPerformanceSchema = z.object({
  marketAgentId: z.number().int(),
  agentName: z.string(),
  agentNumber: z.string(),
  businessName: z.string().nullable(),
  /** False for an agent the farm store removed (decision 039): listed while it has activity, marked Removed. */
  isActive: z.boolean(),
  transmissions: z.number().int(),
  cratesDelivered: z.number().int(),
  cratesReturned: z.number().int(),
  fullCrates: z.number().int(),
  emptyCrates: z.number().int(),
  /**
   * Spec §2's earnings estimate: empty crates still held × the active cycle's rate (what returning them
   * would earn), an exact decimal string; null without an active cycle. Not money anyone is owed.
   */
  earningsEstimate: z.string().nullable(),
  /** Crates of the agent's returns counted in the period (farm days) and billed to a cycle. */
  billedCrates: z.number().int(),
  /** What those crates were billed at: the sum of their billing lines. */
  billedAmount: z.string(),
  /** Crates of returns counted in the period that no billing cycle covers yet (unbilled). */
  unbilledCrates: z.number().int(),
  /** Everything billed to the agent in any cycle minus what the farm store recorded as paid: owed now. */
  owedAmount: z.string(),
  /** Crates marked damaged in the period: on its clients' returns and its returned empties (decision 056). */
  cratesDamaged: z.number().int(),
  /** Crates written off at its stock takes in the period, less crates found there (may be below 0). */
  cratesMissing: z.number().int(),
});
export type AgentPerformance = z.infer<typeof agentPerformanceSchema>;

export const reportBillingSchema = z.object({
  /** Returns counted in the period and billed to a cycle: their crates and amount. */
  billedCrates: z.number().int(),
  billedAmount: z.string(),
  /** Returns counted in the period that wait for a billing cycle covering their day. */
  unbilledReturns: z.number().int(),
  unbilledCrates: z.number().int(),
  /** All time, not only the period: everything billed, what was recorded as paid, and the rest (owed). */
  totalEarnings: z.string(),
  totalPaid: z.string(),
  totalOwed: z.string(),
});
export type ReportBilling = z.infer<typeof reportBillingSchema>;

/**
 * Crates written off in a period (decision 056): marked damaged on clients' returns and on
 * returned empties, apart from those missing at stock takes (written off, less crates found).
 */
export const writeOffsSchema = z.object({ damaged: z.number().int(), missing: z.number().int() });
export type WriteOffs = z.infer<typeof writeOffsSchema>;

export const reportSummarySchema = z.object({
  period,
  /** What the period stands for: the dates given, or what blank dates meant for the report type. */
  periodBasis: z.enum(periodBases),
  previousPeriod: period,
  agent: z.object({ id: z.number().int(), name: z.string(), agentNumber: z.string() }).nullable(),
  totals: periodTotalsSchema,
  previous: periodTotalsSchema,
  changes: z.object({
    totalTransmissions: change,
    cratesMoved: change,
    completionRate: change,
    activeAgents: change,
  }),
  /**
   * Agents registered since the first of this month (farm time): a farm-wide count, so null in a report
   * for one agent (its report carries its own figures only).
   */
  newAgentsThisMonth: z.number().int().nullable(),
  flow: z.object({ farmToMarket: share, marketToFarm: share, acknowledged: share }),
  /** Crates per bar of the chart: days for up to a month, else weeks or fortnights. */
  chart: z.object({
    bucketDays: z.number().int(),
    bars: z.array(z.object({ startDate: z.string(), delivered: z.number().int(), returned: z.number().int() })),
  }),
  agents: z.array(agentPerformanceSchema),
  /** Billing for the report's scope (the one agent, or every agent): sums of billing lines and payments. */
  billing: reportBillingSchema,
  /** The period's write-offs of the report's agents (the one agent, or every agent listed): damaged apart from missing. */
  writeOffs: writeOffsSchema,
  cycle: z.object({ startDate: z.string(), endDate: z.string(), ratePerCrate: z.string() }).nullable(),
  generatedAt: instant,
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** An agent's own week (e-mailed on Mondays, and on the agent dashboard's reports tab). */
export const weeklySummarySchema = z.object({
  period,
  agent: z.object({ id: z.number().int(), name: z.string(), agentNumber: z.string() }),
  transmissions: z.object({
    total: z.number().int(),
    received: z.number().int(),
    cratesReceived: z.number().int(),
    returned: z.number().int(),
    cratesReturned: z.number().int(),
    pending: z.number().int(),
  }),
  loans: z.object({
    lentThisWeek: z.number().int(),
    cratesLentThisWeek: z.number().int(),
    openLoans: z.number().int(),
  }),
  crates: z.object({ full: z.number().int(), empty: z.number().int(), withClients: z.number().int() }),
  /** The week's crates marked damaged and missing at stock takes, on the agent's account (decision 056). */
  writeOffs: writeOffsSchema,
  /**
   * Clients with a loan open longer than LOAN_OVERDUE_DAYS (`afterDays`), longest out first, each with
   * the reminder link the Clients screen offers: WhatsApp for a South African mobile, else a call
   * (decisions 018, 040, 054).
   */
  overdue: z.object({
    afterDays: z.number().int(),
    clients: z.array(
      z.object({
        clientId: z.number().int(),
        businessName: z.string(),
        clientName: z.string(),
        contactNumber: z.string(),
        /** Every crate the client still has out. */
        outstandingCrates: z.number().int(),
        /** The crates out on its overdue loans. */
        overdueCrates: z.number().int(),
        /** The oldest open loan's whole days out. */
        daysOut: z.number().int(),
        reminder: z.object({ kind: z.enum(['whatsapp', 'call']), href: z.string() }),
      }),
    ),
  }),
  earnings: z.object({
    /** Everything billed to the agent in any cycle (the sum of its billing lines). */
    totalEarnings: z.string(),
    /** What the farm store recorded as paid to it, and the rest: owed. */
    totalPaid: z.string(),
    totalOwed: z.string(),
    /** Crates of its returns billed to a cycle, all time. */
    cratesBilled: z.number().int(),
    /** Crates of its returns counted this week that no billing cycle covers yet. */
    unbilledCratesThisWeek: z.number().int(),
    /** The active cycle's rate, or null when no cycle is active. */
    ratePerCrate: z.string().nullable(),
    /** Empty crates × that rate (what returning them now would earn), or null. */
    emptyCratesValue: z.string().nullable(),
  }),
});
export type WeeklySummary = z.infer<typeof weeklySummarySchema>;

/** Rounded percent change from `previous` to `current`; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) * 100) / previous);
}

/** Rounded share of `part` in `whole` as a percent, 0 when the whole is 0. */
export const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part * 100) / whole) : 0);

/** Two calendar days as a farm reads them: "1–27 November", "28 October – 3 November", with years when they differ. */
export function dayRangeText(startDate: string, endDate: string, say: Say = english): string {
  const monthNames = say('balance-statements.monthNames').split(' ');
  const part = (date: string) => {
    const [y, m, d] = date.split('-').map(Number);
    return { y, month: monthNames[m - 1], d };
  };
  const a = part(startDate);
  const b = part(endDate);
  if (a.y !== b.y) return `${a.d} ${a.month} ${a.y} – ${b.d} ${b.month} ${b.y}`;
  if (startDate === endDate) return `${b.d} ${b.month}`;
  if (a.month === b.month) return `${a.d}–${b.d} ${b.month}`;
  return `${a.d} ${a.month} – ${b.d} ${b.month}`;
}

/** What blank dates mean for each report type (decision 041), before the server has said which days: catalogue keys. */
export const blankDatesMeaning: Record<ReportType, string> = {
  weekly: 'reports.meaningLastDays',
  custom: 'reports.meaningLastDays',
  monthly: 'reports.meaningMonthToDate',
  billing: 'reports.meaningBillingCycle',
};

const basisMeaning: Record<Exclude<PeriodBasis, 'dates'>, string> = {
  lastDays: 'reports.meaningLastDays',
  monthToDate: 'reports.meaningMonthToDate',
  billingCycle: 'reports.meaningBillingCycle',
};

/**
 * The line under the date fields: what blank dates mean for the chosen type, with the days
 * once the server has answered for blank dates ("Blank: this month so far, 1–27 November"). A billing
 * report with no active cycle says it falls back to the last 7 days.
 */
export function blankDatesHint(
  reportType: ReportType,
  answer?: { periodBasis: PeriodBasis; period: { startDate: string; endDate: string } },
  say: Say = english,
): string {
  if (!answer || answer.periodBasis === 'dates')
    return say('reports.blankMeaning', { meaning: say(blankDatesMeaning[reportType]) });
  const days = dayRangeText(answer.period.startDate, answer.period.endDate, say);
  const meaning = say(basisMeaning[answer.periodBasis]);
  if (reportType === 'billing' && answer.periodBasis !== 'billingCycle') {
    return say('reports.blankNoCycle', { meaning, days });
  }
  return say('reports.blankMeaningDays', { meaning, days });
}
