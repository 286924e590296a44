// The client and loan rules alone: lend to an active client, take returns against an open loan.
import { describe, expect, it } from 'vitest';
import { clientMessages as m } from '../../../shared/clients.ts';
import { actionsOnClient, actionsOnLoan, lendRefusal, returnRefusal } from './rules.ts';

describe('client and loan rules', () => {
  it('lend only to an active client; a return while crates are out', () => {
    expect(actionsOnClient({ isActive: true, outstandingCrates: 0 })).toEqual({ canLend: true, canReturn: false });
    expect(actionsOnClient({ isActive: false, outstandingCrates: 3 })).toEqual({ canLend: false, canReturn: true });
    expect(lendRefusal({ isActive: false })).toMatchObject({ statusCode: 409, message: m.clientInactive });
  });
  it('returns only against an open loan', () => {
    expect(actionsOnLoan({ isOpen: true })).toEqual({ canReturn: true });
    expect(actionsOnLoan({ isOpen: false })).toEqual({ canReturn: false });
    expect(returnRefusal({ isOpen: false })).toMatchObject({ statusCode: 409, message: m.loanClosed });
  });
});
