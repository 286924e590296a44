// What an agent may do with one of its clients and loans: each rule once, a pure function.
// The service refuses with it and every answer states it (`canLend`, `canReturn`), so the client shows
// actions without repeating the rules. Whose client it is, the queries decide (another's is not found).
import { clientMessages as m } from '../../../shared/clients.ts';
import { HttpError } from '../../lib/http-error.ts';

/** Crates are lent only to an active client. */
export const lendRefusal = (client: { isActive: boolean }): HttpError | null =>
  client.isActive ? null : new HttpError(409, m.clientInactive, { clientId: m.clientInactive });

/** Crates come back only against an open loan. */
export const returnRefusal = (loan: { isOpen: boolean }): HttpError | null =>
  loan.isOpen ? null : new HttpError(409, m.loanClosed, { quantityReturned: m.loanClosed });

/** A client: lend while active; take a return while it still has crates out (on an open loan). */
export const actionsOnClient = (client: { isActive: boolean; outstandingCrates: number }) => ({
  canLend: lendRefusal(client) === null,
  canReturn: client.outstandingCrates > 0,
});

export const actionsOnLoan = (loan: { isOpen: boolean }) => ({ canReturn: returnRefusal(loan) === null });
