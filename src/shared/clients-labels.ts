// Clients' limits, the spec §5/§8 messages and the reminder link (docs/decisions/018 and 040),
// without zod, so the dashboards can show them without building the request schemas (decision
// 033). src/shared/clients.ts re-exports all of it, with the schemas.
import { formatCount } from './counts.ts';
import clientsEnglish from './i18n/en/clients.json' with { type: 'json' };
import { addEnglish, english as e } from './i18n/english.ts';
import type { MessageValues } from './i18n/translator.ts';

addEnglish({ clients: clientsEnglish });

/** What the reminder names of a client (the answer's fields, src/shared/clients.ts). */
type ReminderClient = { clientName: string; contactNumber: string; outstandingCrates: number; daysOut: number | null };

/** No agent holds this many crates; a bigger number is a typing mistake, refused as a 400. */
export const LOAN_QUANTITY_MAX = 100_000;
export const LOAN_OVERDUE_DAYS_DEFAULT = 14;

export const clientMessages = {
  accessDenied: e('clients.accessDenied'),
  searchTooLong: e('clients.searchTooLong'),
  noSearchMatch: (q: string) => e('clients.noSearchMatch', { q }),
  businessNameRequired: e('clients.businessNameRequired'),
  clientNameRequired: e('clients.clientNameRequired'),
  contactNumberRequired: e('clients.contactNumberRequired'),
  contactNumberInvalid: e('clients.contactNumberInvalid'),
  clientRequired: e('clients.clientRequired'),
  transactionRequired: e('clients.transactionRequired'),
  quantityRequired: e('clients.quantityRequired'),
  lendQuantityRange: e('clients.lendQuantityRange'),
  returnQuantityRange: e('clients.returnQuantityRange'),
  quantityWhole: e('clients.quantityWhole'),
  quantityTooLarge: e('clients.quantityTooLarge', { max: formatCount(LOAN_QUANTITY_MAX) }),
  notesTooLong: e('clients.notesTooLong'),
  notEnoughFullCrates: (available: number) => e('clients.notEnoughFullCrates', { available }),
  tooManyReturned: (out: number) => e('clients.tooManyReturned', { out }),
  clientNotFound: e('clients.clientNotFound'),
  transactionNotFound: e('clients.transactionNotFound'),
  clientInactive: e('clients.clientInactive'),
  loanClosed: e('clients.loanClosed'),
  noChanges: e('clients.noChanges'),
  languageInvalid: e('clients.languageInvalid'),
  added: e('clients.added'),
  updated: e('clients.updated'),
  lent: e('clients.lent'),
  returned: e('clients.returned'),
  addFailed: e('clients.addFailed'),
  updateFailed: e('clients.updateFailed'),
  lendFailed: e('clients.lendFailed'),
  returnFailed: e('clients.returnFailed'),
  registerAndLendFailed: e('clients.registerAndLendFailed'),
  noOpenTransaction: e('clients.noOpenTransaction'),
  noClients: e('clients.noClients'),
  addFirstClient: e('clients.addFirstClient'),
  openTransactions: e('clients.openTransactions'),
  processReturn: e('clients.processReturn'),
  cratesToReturn: (n: number) => e('clients.cratesToReturn', { count: n }),
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

/** Says a catalogue message: English by default, or a translator's `t` for the client's language. */
export type Say = (key: string, values?: MessageValues) => string;

/** The reminder a market agent sends a client with crates out, in `say`'s language (English by default). */
export function reminderMessage(
  client: Pick<ReminderClient, 'clientName' | 'outstandingCrates' | 'daysOut'>,
  from: string,
  say: Say = e,
) {
  const values = { name: client.clientName, from, count: client.outstandingCrates };
  return client.daysOut === null
    ? say('clients.reminder', values)
    : say('clients.reminderDaysOut', { ...values, days: client.daysOut });
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

export function reminderLink(client: ReminderClient, from: string, say: Say = e): ReminderLink {
  const mobile = southAfricanMobile(client.contactNumber);
  if (!mobile) return { kind: 'call', href: `tel:${telNumber(client.contactNumber)}` };
  return {
    kind: 'whatsapp',
    href: `https://wa.me/${mobile}?text=${encodeURIComponent(reminderMessage(client, from, say))}`,
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
