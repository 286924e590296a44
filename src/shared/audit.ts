// The audit trail (DESIGN §6, decision 027): the actions it records, with the words the farm store's
// Activity screen shows for them, and the list and CSV requests (both sides).
import { z } from 'zod';
import { roles } from './auth.ts';
import { idParam, pageQuery } from './fields.ts';
import { instant } from './http.ts';
import auditEnglish from './i18n/en/audit.json' with { type: 'json' };
import contactEnglish from './i18n/en/contact.json' with { type: 'json' };
import evidenceEnglish from './i18n/en/evidence.json' with { type: 'json' };
import farmNameEnglish from './i18n/en/farm-name.json' with { type: 'json' };
import pricingEnglish from './i18n/en/pricing.json' with { type: 'json' };
import reportsEnglish from './i18n/en/reports.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';
import { isCalendarDate } from './reports.ts';

addEnglish({
  audit: auditEnglish,
  contact: contactEnglish,
  evidence: evidenceEnglish,
  'farm-name': farmNameEnglish,
  pricing: pricingEnglish,
  reports: reportsEnglish,
});

/** Every action the trail records, and the catalogue key of how the Activity screen names it. */
export const auditActionKeys = {
  'auth.sign-in': 'audit.actionAuthSignIn',
  'auth.sign-out': 'audit.actionAuthSignOut',
  'user.register': 'audit.actionUserRegister',
  'supplier.register': 'audit.actionSupplierRegister',
  'user.change-password': 'audit.actionUserChangePassword',
  'user.language': 'audit.actionUserLanguage',
  'user.remove': 'audit.actionUserRemove',
  'user.restore': 'audit.actionUserRestore',
  'user.reset-password': 'audit.actionUserResetPassword',
  'farm-access-code.rotate': 'audit.actionFarmAccessCodeRotate',
  'farm-name.update': 'audit.actionFarmNameUpdate',
  'produce-lists.update': 'audit.actionProduceListsUpdate',
  'stack-size.update': 'audit.actionStackSizeUpdate',
  'sign-in.failed': 'audit.actionSignInFailed',
  'sign-in.address-locked': 'audit.actionSignInAddressLocked',
  'sign-in.account-capped': 'audit.actionSignInAccountCapped',
  'sign-in.rate-limited': 'audit.actionSignInRateLimited',
  'password-change.failed': 'audit.actionPasswordChangeFailed',
  'password-change.rate-limited': 'audit.actionPasswordChangeRateLimited',
  'password-reset.rate-limited': 'audit.actionPasswordResetRateLimited',
  'rate-limit.tripped': 'audit.actionRateLimitTripped',
  'transmission.create': 'audit.actionTransmissionCreate',
  'transmission.acknowledge': 'audit.actionTransmissionAcknowledge',
  'transmission.recall': 'audit.actionTransmissionRecall',
  'transmission.resolve': 'audit.actionTransmissionResolve',
  'stock.adjust': 'audit.actionStockAdjust',
  'stock.opening-balance': 'audit.actionStockOpeningBalance',
  'pricing.update': 'audit.actionPricingUpdate',
  'contact.send': 'audit.actionContactSend',
  'contact.mark': 'audit.actionContactMark',
  'supplier.approve': 'audit.actionSupplierApprove',
  'supplier.reject': 'audit.actionSupplierReject',
  'supplier.update-profile': 'audit.actionSupplierUpdateProfile',
  'offer.create': 'audit.actionOfferCreate',
  'offer.update': 'audit.actionOfferUpdate',
  'tender.create': 'audit.actionTenderCreate',
  'tender.accept': 'audit.actionTenderAccept',
  'tender.reject': 'audit.actionTenderReject',
  'client.create': 'audit.actionClientCreate',
  'client.update': 'audit.actionClientUpdate',
  'loan.lend': 'audit.actionLoanLend',
  'loan.return': 'audit.actionLoanReturn',
  'billing.create-cycle': 'audit.actionBillingCreateCycle',
  'billing.record-payment': 'audit.actionBillingRecordPayment',
  'bank-details.update': 'audit.actionBankDetailsUpdate',
  'email.queue': 'audit.actionEmailQueue',
  'import.commit': 'audit.actionImportCommit',
  'stock-take.start': 'audit.actionStockTakeStart',
  'stock-take.count': 'audit.actionStockTakeCount',
  'stock-take.resolve': 'audit.actionStockTakeResolve',
  'evidence.attach': 'audit.actionEvidenceAttach',
  'api-token.create': 'audit.actionApiTokenCreate',
  'api-token.revoke': 'audit.actionApiTokenRevoke',
  'webhook.create': 'audit.actionWebhookCreate',
  'webhook.delete': 'audit.actionWebhookDelete',
  'webhook.test': 'audit.actionWebhookTest',
  'webhook.resend': 'audit.actionWebhookResend',
  'balance-statement.issue': 'audit.actionBalanceStatementIssue',
  'balance-statement.confirm': 'audit.actionBalanceStatementConfirm',
  'balance-statement.dispute': 'audit.actionBalanceStatementDispute',
  'balance-statement.resolve': 'audit.actionBalanceStatementResolve',
  'statement-link.create': 'audit.actionStatementLinkCreate',
  'statement-link.revoke': 'audit.actionStatementLinkRevoke',
} as const;

export type AuditAction = keyof typeof auditActionKeys;
/** The English words for each action (the CSV's); the screen says `t(auditActionKeys[action])`. */
export const auditActionLabels = Object.fromEntries(
  Object.entries(auditActionKeys).map(([action, key]) => [action, english(key)]),
) as Record<AuditAction, string>;
export const auditActions = Object.keys(auditActionKeys) as [AuditAction, ...AuditAction[]];

export const auditMessages = {
  action: english('audit.action'),
  date: english('reports.date'),
  dateOrder: english('reports.dateOrder'),
  person: english('audit.person'),
  loadFailed: english('audit.loadFailed'),
  downloadFailed: english('audit.downloadFailed'),
} as const;

const calendarDay = z.string({ error: auditMessages.date }).refine(isCalendarDate, auditMessages.date).optional();

const filterFields = {
  userId: idParam(auditMessages.person).optional(),
  action: z.enum(auditActions, { error: auditMessages.action }).optional(),
  from: calendarDay,
  to: calendarDay,
};
const datesInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

/** The Activity screen's filters: who (a user id), which action, and farm days from/to (both inclusive). */
export const auditFilterQuery = z
  .object(filterFields)
  .refine(datesInOrder, { message: auditMessages.dateOrder, path: ['to'] });
export type AuditFilter = z.infer<typeof auditFilterQuery>;

/** GET /api/audit: the filters and a page, newest first (`?limit=` default 100, max 500, `?before=<id>`). */
export const auditListQuery = z
  .object({ ...pageQuery.shape, ...filterFields })
  .refine(datesInOrder, { message: auditMessages.dateOrder, path: ['to'] });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: instant,
  /** Who: null for an anonymous caller (a failed sign-in) or the app itself (a scheduled e-mail). */
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  /** The role the user had when it acted. */
  role: z.enum(roles).nullable(),
  /** One of auditActions. */
  action: z.string(),
  recordType: z.string().nullable(),
  recordId: z.number().int().nullable(),
  summary: z.string(),
  address: z.string().nullable(),
  /** The route that made the change; null for a scheduled job. */
  route: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditList = z.array(auditEntrySchema);

/** GET /api/audit/people: everyone who may appear in the trail, for the person filter. */
export const auditPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  isActive: z.boolean(),
});
export type AuditPerson = z.infer<typeof auditPersonSchema>;
export const auditPeople = z.array(auditPersonSchema);

/** The CSV's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  // The farm's wall clock with its UTC offset: 2026-11-25 11:47:03 +02:00.
  'When',
  'User ID', // i18n-ignore: a CSV column name, kept stable for spreadsheets
  'Name',
  'Email',
  'Role',
  'Action',
  'Record Type', // i18n-ignore: a CSV column name
  'Record ID', // i18n-ignore: a CSV column name
  'Summary',
  'Address',
  'Route',
] as const;

/** The query string of a filter (the list's and the CSV's), without empty values. */
export function auditFilterSearch(filter: { userId?: number; action?: string; from?: string; to?: string }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}
