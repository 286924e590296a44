// What each mutation route's audit rows say by default (decision 027): its action, and the kind of
// record it changes. The id comes from the path (`:id`, `:cycleId`), is the caller's own ('self'), or is
// given by the service that created the record. A test walks the route table: every mutation is here.
import type { AuditAction } from '../../../shared/audit.ts';

export type RouteAudit = {
  action: AuditAction;
  /** The kind of record ('transmission', 'user', …); null for a route missing from the table. */
  record: string | null;
  /** Where its id comes from when the write does not say: a path parameter, or the caller's user id. */
  id?: { param: string } | 'self';
};

const byPath = (action: AuditAction, record: string, param = 'id'): RouteAudit => ({
  action,
  record,
  id: { param },
});
const own = (action: AuditAction, record = 'user'): RouteAudit => ({ action, record, id: 'self' });
const created = (action: AuditAction, record: string): RouteAudit => ({ action, record });

/**
 * Every route that changes something, by 'METHOD /pattern'. `null`: a POST that changes nothing (it
 * makes a document), so there is nothing to audit.
 */
export const routeActions: Record<string, RouteAudit | null> = {
  'POST /api/auth/register': created('user.register', 'user'),
  'POST /api/auth/register-supplier': created('supplier.register', 'user'),
  'POST /api/auth/login': own('auth.sign-in'),
  'POST /api/auth/logout': own('auth.sign-out'),
  'POST /api/auth/change-password': own('user.change-password'),
  'PUT /api/auth/me/language': own('user.language'),
  'POST /api/transmissions': created('transmission.create', 'transmission'),
  'PUT /api/transmissions/:id/acknowledge': byPath('transmission.acknowledge', 'transmission'),
  'PUT /api/transmissions/:id/recall': byPath('transmission.recall', 'transmission'),
  'PUT /api/transmissions/:id/resolve': byPath('transmission.resolve', 'transmission'),
  'PUT /api/market-agents/me/bank-details': own('bank-details.update'),
  'POST /api/billing/create-cycle': created('billing.create-cycle', 'billing-cycle'),
  'POST /api/billing/cycles/:cycleId/payments': byPath('billing.record-payment', 'billing-cycle', 'cycleId'),
  'POST /api/farm-store/stock-adjustments': created('stock.adjust', 'crate-movement'),
  'POST /api/farm-store/opening-balances': created('stock.opening-balance', 'market-agent'),
  'POST /api/farm-store/access-code/rotate': created('farm-access-code.rotate', 'setting'),
  'PUT /api/farm-store/farm-name': created('farm-name.update', 'setting'),
  'PUT /api/farm-store/produce-lists': created('produce-lists.update', 'setting'),
  'PATCH /api/pepper-pricing/:id': byPath('pricing.update', 'pepper-pricing'),
  'POST /api/contact': created('contact.send', 'contact-message'),
  'PATCH /api/contact-messages/:id': byPath('contact.mark', 'contact-message'),
  'POST /api/suppliers/:id/approve': byPath('supplier.approve', 'supplier'),
  'POST /api/suppliers/:id/reject': byPath('supplier.reject', 'supplier'),
  'PATCH /api/suppliers/me': own('supplier.update-profile'),
  'POST /api/suppliers/offers': created('offer.create', 'produce-offer'),
  'PATCH /api/suppliers/offers/:id': byPath('offer.update', 'produce-offer'),
  'POST /api/suppliers/tenders/:id/accept': byPath('tender.accept', 'tender'),
  'POST /api/suppliers/tenders/:id/reject': byPath('tender.reject', 'tender'),
  'POST /api/tenders': created('tender.create', 'tender'),
  'DELETE /api/admin/users/:id': byPath('user.remove', 'user'),
  'DELETE /api/users/:id': byPath('user.remove', 'user'),
  'POST /api/admin/users/:id/restore': byPath('user.restore', 'user'),
  'PATCH /api/admin/users/:id/password': byPath('user.reset-password', 'user'),
  'POST /api/users/:id/reset-password': byPath('user.reset-password', 'user'),
  'POST /api/clients': created('client.create', 'client'),
  'PATCH /api/clients/:id': byPath('client.update', 'client'),
  'POST /api/client-transactions': created('loan.lend', 'client-transaction'),
  'PUT /api/client-transactions/:id/return': byPath('loan.return', 'client-transaction'),
  'PUT /api/client-transactions/:id': byPath('loan.return', 'client-transaction'),
  // Their change is the e-mails they queue: one 'email.queue' row per message, with the outbox id.
  'POST /api/reports/email': created('email.queue', 'email'),
  'POST /api/reports/weekly': created('email.queue', 'email'),
  'POST /api/notifications/weekly-reports': created('email.queue', 'email'),
  'POST /api/reports/generate': null,
  // Previews send nothing (decision 046).
  'POST /api/reports/email/preview': null,
  'POST /api/reports/weekly/preview': null,
  // An import's preview checks a file and changes nothing; the commit is one audited transaction (050).
  'POST /api/imports/preview': null,
  'POST /api/imports': created('import.commit', 'import'),
  'POST /api/stock-takes': created('stock-take.start', 'stock-take'),
  'PUT /api/stock-takes/counts/:id/submit': byPath('stock-take.count', 'stock-take-count'),
  'PUT /api/stock-takes/lines/:id/resolve': byPath('stock-take.resolve', 'stock-take-line'),
  'POST /api/evidence': created('evidence.attach', 'evidence'),
  'POST /api/api-tokens': created('api-token.create', 'api-token'),
  'DELETE /api/api-tokens/:id': byPath('api-token.revoke', 'api-token'),
  'POST /api/webhooks': created('webhook.create', 'webhook'),
  'DELETE /api/webhooks/:id': byPath('webhook.delete', 'webhook'),
  'POST /api/webhooks/:id/test': byPath('webhook.test', 'webhook'),
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend': byPath('webhook.resend', 'webhook'),
  'POST /api/balance-statements': created('balance-statement.issue', 'balance-statement'),
  'PUT /api/balance-statements/:id/confirm': byPath('balance-statement.confirm', 'balance-statement'),
  'PUT /api/balance-statements/:id/dispute': byPath('balance-statement.dispute', 'balance-statement'),
  'PUT /api/balance-statements/:id/resolve': byPath('balance-statement.resolve', 'balance-statement'),
  'POST /api/clients/:id/statement-links': created('statement-link.create', 'statement-link'),
  'DELETE /api/clients/:id/statement-links/:linkId': byPath('statement-link.revoke', 'statement-link', 'linkId'),
};

/** The route's audit defaults; a route missing from the table is named by its method and path. */
export function routeAuditOf(route: string): RouteAudit | null {
  if (Object.hasOwn(routeActions, route)) return routeActions[route];
  return { action: route as AuditAction, record: null };
}
