// The audit trail (DESIGN §6, decision 027): the actions it records, with the words the farm store's
// Activity screen shows for them, and the list and CSV requests (both sides).
import { z } from 'zod';
import { roles } from './auth.ts';
import { idParam, pageQuery } from './fields.ts';
import { instant } from './http.ts';
import { isCalendarDate } from './reports.ts';

/** Every action the trail records, and how the Activity screen names it. */
export const auditActionLabels = {
  'auth.sign-in': 'Signed in',
  'auth.sign-out': 'Signed out',
  'user.register': 'Registered an account',
  'supplier.register': 'Registered as a supplier',
  'user.change-password': 'Changed own password',
  'user.language': 'Changed own language',
  'user.remove': 'Removed a user',
  'user.restore': 'Restored a user',
  'user.reset-password': "Reset a user's password",
  'farm-access-code.rotate': 'Made a new farm access code',
  'farm-name.update': "Changed the farm's name",
  'produce-lists.update': 'Changed the produce types and qualities',
  'sign-in.failed': 'Failed sign-in',
  'sign-in.address-locked': 'Sign-in locked for an address',
  'sign-in.account-capped': 'Sign-ins capped for an account',
  'sign-in.rate-limited': 'Sign-in refused: too many attempts',
  'password-change.failed': 'Password change: wrong current password',
  'password-change.rate-limited': 'Password change refused: too many',
  'password-reset.rate-limited': 'Password reset refused: too many',
  'rate-limit.tripped': 'Request refused: too many',
  'transmission.create': 'Created a transmission',
  'transmission.acknowledge': 'Acknowledged a transmission',
  'transmission.recall': 'Recalled a transmission',
  'transmission.resolve': 'Resolved a flagged count',
  'stock.adjust': 'Adjusted farm stock',
  'stock.opening-balance': "Entered an agent's opening balance",
  'pricing.update': 'Changed a price',
  'contact.send': 'Contact message received',
  'contact.mark': 'Marked a contact message',
  'supplier.approve': 'Approved a supplier',
  'supplier.reject': 'Rejected a supplier',
  'supplier.update-profile': 'Updated supplier details',
  'offer.create': 'Created a produce offer',
  'offer.update': 'Updated a produce offer',
  'tender.create': 'Opened a tender',
  'tender.accept': 'Accepted a tender',
  'tender.reject': 'Rejected a tender',
  'client.create': 'Added a client',
  'client.update': 'Updated a client',
  'loan.lend': 'Lent crates to a client',
  'loan.return': 'Recorded crates returned by a client',
  'billing.create-cycle': 'Created a billing cycle',
  'billing.record-payment': 'Recorded a payment',
  'bank-details.update': 'Updated bank details',
  'email.queue': 'Queued an e-mail',
  'import.commit': 'Imported records from a file',
  'stock-take.start': 'Started a stock take',
  'stock-take.count': 'Counted a stock take',
  'stock-take.resolve': 'Resolved a stock-take difference',
  'evidence.attach': 'Attached a photo',
  'api-token.create': 'Created an API token',
  'api-token.revoke': 'Revoked an API token',
  'webhook.create': 'Registered a webhook',
  'webhook.delete': 'Deleted a webhook',
  'webhook.test': 'Sent a test webhook',
  'webhook.resend': 'Resent a webhook delivery',
  'balance-statement.issue': 'Issued monthly crate statements',
  'balance-statement.confirm': 'Confirmed a monthly crate statement',
  'balance-statement.dispute': 'Disputed a monthly crate statement',
  'balance-statement.resolve': 'Resolved a disputed crate statement',
  'statement-link.create': 'Made a client statement link',
  'statement-link.revoke': 'Revoked a client statement link',
} as const;

export type AuditAction = keyof typeof auditActionLabels;
export const auditActions = Object.keys(auditActionLabels) as [AuditAction, ...AuditAction[]];

export const auditMessages = {
  action: 'Choose an action from the list',
  date: 'Enter a date as YYYY-MM-DD',
  dateOrder: 'The start date must be on or before the end date',
  person: 'Choose a person from the list',
  loadFailed: 'Failed to load activity',
  downloadFailed: 'Failed to download the activity log',
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
  'User ID',
  'Name',
  'Email',
  'Role',
  'Action',
  'Record Type',
  'Record ID',
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
