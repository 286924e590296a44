import { describe, expect, it } from 'vitest';
import { isPhoneNumber, messages, registerBody } from './auth.ts';

const agent = {
  name: 'Sipho Dlamini',
  email: 'sipho@example.co.za',
  password: 'secret123',
  role: 'market_agent',
  marketLocation: 'Johannesburg Market',
  businessName: 'Dlamini Fresh Produce',
  contactNumber: '082 555 0101',
};
const supplier = {
  name: 'Anna Botha',
  email: 'anna@example.co.za',
  password: 'secret123',
  role: 'supplier',
  businessName: 'Botha Boerdery',
  farmLocation: 'Limpopo',
  contactNumber: '+27 83 555 0202',
  produceTypes: 'Peppers',
};

/** Field → message of a failed parse. */
function fieldMessages(body: Record<string, unknown>) {
  const result = registerBody.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('isPhoneNumber', () => {
  it('takes South African numbers as people write them', () => {
    for (const n of ['082 555 0101', '0825550101', '(012) 345 6789', '012-345-6789', '011.555.0101']) {
      expect(isPhoneNumber(n), n).toBe(true);
    }
  });

  it('takes international numbers with + or 00', () => {
    for (const n of [
      '+27 82 555 0101',
      '+27825550101',
      '+27 (0)82 555 0101',
      '+44 20 7946 0958',
      '0044 20 7946 0958',
    ]) {
      expect(isPhoneNumber(n), n).toBe(true);
    }
  });

  it('refuses what is not a phone number', () => {
    for (const n of [
      'abc',
      '',
      '082 555',
      '12345',
      '082 555 0101 ext 4',
      '+0 82 555 0101',
      '82+5550101',
      '0825550101999',
    ]) {
      expect(isPhoneNumber(n), n).toBe(false);
    }
  });
});

describe('registerBody', () => {
  it('accepts a complete market agent and supplier, keeping the number as typed', () => {
    expect(registerBody.parse(agent).contactNumber).toBe('082 555 0101');
    expect(registerBody.parse(supplier).contactNumber).toBe('+27 83 555 0202');
  });

  it('puts the combined market agent message on the field actually missing', () => {
    expect(fieldMessages({ ...agent, contactNumber: '' })).toEqual({ contactNumber: messages.marketAgentFields });
    expect(fieldMessages({ ...agent, businessName: ' ' })).toEqual({ businessName: messages.marketAgentFields });
    expect(fieldMessages({ ...agent, marketLocation: '' })).toEqual({ marketLocation: messages.marketAgentFields });
  });

  it('gives every further missing field its own message', () => {
    expect(fieldMessages({ ...agent, marketLocation: '', contactNumber: '' })).toEqual({
      marketLocation: messages.marketAgentFields,
      contactNumber: messages.contactNumberMissing,
    });
    expect(fieldMessages({ ...supplier, farmLocation: '', produceTypes: '' })).toEqual({
      farmLocation: messages.supplierFields,
      produceTypes: messages.produceTypesMissing,
    });
  });

  it('refuses a contact number that is not a phone number', () => {
    expect(fieldMessages({ ...agent, contactNumber: 'abc' })).toEqual({ contactNumber: messages.contactNumberInvalid });
    expect(fieldMessages({ ...supplier, contactNumber: '12345' })).toEqual({
      contactNumber: messages.contactNumberInvalid,
    });
  });

  it('does not ask a farm store for a contact number', () => {
    expect(
      registerBody.safeParse({ ...agent, role: 'farm_store', contactNumber: '', farmAccessCode: 'X' }).success,
    ).toBe(true);
  });
});
