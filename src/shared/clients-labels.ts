// Clients' limits, the spec §5/§8 messages and the reminder link (docs/decisions/018 and 040),
// without zod, so the dashboards can show them without building the request schemas (decision
// 033). src/shared/clients.ts re-exports all of it, with the schemas.
import { formatCount } from './counts.ts';

/** What the reminder names of a client (the answer's fields, src/shared/clients.ts). */
type ReminderClient = { clientName: string; contactNumber: string; outstandingCrates: number; daysOut: number | null };

/** No agent holds this many crates; a bigger number is a typing mistake, refused as a 400. */
export const LOAN_QUANTITY_MAX = 100_000;
export const LOAN_OVERDUE_DAYS_DEFAULT = 14;

export const clientMessages = {
  accessDenied: 'This page is only available to market agents.',
  searchTooLong: 'Search for at most 100 characters',
  noSearchMatch: (q: string) => `No client matches "${q}"`,
  businessNameRequired: 'Business name is required',
  clientNameRequired: 'Client name is required',
  contactNumberRequired: 'Contact number is required',
  contactNumberInvalid: 'Please enter a phone number, e.g. 082 123 4567 or +27 82 123 4567',
  clientRequired: 'Please select a client',
  transactionRequired: 'Please select a transaction',
  quantityRequired: 'Please enter quantity',
  lendQuantityRange: 'Quantity must be at least 1',
  returnQuantityRange: 'Quantity must be above zero',
  quantityWhole: 'Quantity must be a whole number of crates',
  quantityTooLarge: `Quantity must be at most ${formatCount(LOAN_QUANTITY_MAX)}`,
  notesTooLong: 'Notes must be at most 500 characters',
  notEnoughFullCrates: (available: number) => `Not enough full crates: you have ${available}`,
  tooManyReturned: (out: number) => `This loan has only ${out} crates out`,
  clientNotFound: 'Client not found',
  transactionNotFound: 'Transaction not found',
  clientInactive: 'This client is inactive: activate the client before lending crates',
  loanClosed: 'This loan is already fully returned',
  noChanges: 'Nothing to change',
  added: 'Client added successfully',
  updated: 'Client updated successfully',
  lent: 'Crates lent successfully',
  returned: 'Crates returned successfully',
  addFailed: 'Failed to add client',
  updateFailed: 'Failed to update client',
  lendFailed: 'Failed to lend crates',
  returnFailed: 'Failed to process return',
  registerAndLendFailed: 'Failed to register client and lend crates',
  noOpenTransaction: 'No open transaction found for this client',
  noClients: 'No Clients Yet',
  addFirstClient: 'Add First Client',
  openTransactions: 'Open Transactions',
  processReturn: 'Process Return',
  cratesToReturn: (n: number) => `Client has ${n} crates to return`,
} as const;

/** The client's number as WhatsApp wants it: digits only, international (South African 0XX → 27XX). */
export function whatsappNumber(contact: string): string {
  const trimmed = contact.trim().replace(/^(\+\d{1,3})\s*\(0\)/, '$1');
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.startsWith('0')) return `27${digits.slice(1)}`;
  return digits;
}

/** The reminder a market agent sends a client with crates out. */
export function reminderMessage(
  client: Pick<ReminderClient, 'clientName' | 'outstandingCrates' | 'daysOut'>,
  from: string,
) {
  const crates = `${client.outstandingCrates} crate${client.outstandingCrates === 1 ? '' : 's'}`;
  const days = client.daysOut === null ? '' : ` (out for ${client.daysOut} day${client.daysOut === 1 ? '' : 's'})`;
  return `Hello ${client.clientName}, this is a reminder from ${from} that you still have ${crates}${days} to return. Thank you!`;
}

/**
 * The number as a South African mobile number in international digits ('27821234567'), or null when it
 * is not one. Mobile numbers start 06, 07 or 08 (082 123 4567), also written +27 82…, +27 (0)82… or
 * 0027 82…; a landline (012…, 021…) or a foreign number is not WhatsApp's to offer.
 */
export function southAfricanMobile(contact: string): string | null {
  const digits = whatsappNumber(contact);
  return /^27[678]\d{8}$/.test(digits) ? digits : null;
}

/** The number as a tel: link wants it: +27… for a South African number, +… for a foreign one. */
export function telNumber(contact: string): string {
  const digits = whatsappNumber(contact);
  return /^0/.test(contact.trim()) || /^\+|^00/.test(contact.trim()) ? `+${digits}` : digits;
}

/**
 * How an agent reminds a client (docs/decisions/018, 040): WhatsApp with the reminder typed for a South
 * African mobile number (https://wa.me/<number>?text=<message>: no API needed), a phone call (tel:)
 * for any other number.
 */
export type ReminderLink = { kind: 'whatsapp'; href: string } | { kind: 'call'; href: string };

export function reminderLink(client: ReminderClient, from: string): ReminderLink {
  const mobile = southAfricanMobile(client.contactNumber);
  if (!mobile) return { kind: 'call', href: `tel:${telNumber(client.contactNumber)}` };
  return {
    kind: 'whatsapp',
    href: `https://wa.me/${mobile}?text=${encodeURIComponent(reminderMessage(client, from))}`,
  };
}

/**
 * Whether a client matches what the agent typed in the Clients search, as GET /api/clients?q=
 * decides: its business or client name holds the text (any case), or its contact number holds the
 * text's digits ("082 555" finds "+27 82 555 0101" only by "82 555"; digits are compared as typed).
 */
export function matchesClientSearch(
  client: { businessName: string; clientName: string; contactNumber: string },
  q: string,
): boolean {
  const text = q.trim().toLowerCase();
  if (!text) return true;
  const digits = text.replace(/\D/g, '');
  return (
    client.businessName.toLowerCase().includes(text) ||
    client.clientName.toLowerCase().includes(text) ||
    (digits !== '' && client.contactNumber.replace(/\D/g, '').includes(digits))
  );
}
