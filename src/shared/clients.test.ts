import { describe, expect, it } from 'vitest';
import {
  createClientBody,
  clientMessages as m,
  reminderLink,
  reminderMessage,
  returnBody,
  southAfricanMobile,
  telNumber,
  whatsappNumber,
} from './clients.ts';
import { damageMessages } from './damage.ts';

describe('whatsappNumber', () => {
  it('writes the number in international form, digits only', () => {
    expect(whatsappNumber('082 123 4567')).toBe('27821234567');
    expect(whatsappNumber('(012) 345-6789')).toBe('27123456789');
    expect(whatsappNumber('+27 82 123 4567')).toBe('27821234567');
    expect(whatsappNumber('+27 (0)82 123 4567')).toBe('27821234567');
    expect(whatsappNumber('0044 20 7946 0958')).toBe('442079460958');
  });
});

describe('the reminder link', () => {
  const client = { clientName: 'Thandi', contactNumber: '082 123 4567', outstandingCrates: 2, daysOut: 16 };

  it('names the crates and the days out', () => {
    expect(reminderMessage(client, 'Soweto Fresh')).toBe(
      'Hello Thandi, this is a reminder from Soweto Fresh that you still have 2 crates (out for 16 days) to return. Thank you!',
    );
    expect(reminderMessage({ ...client, outstandingCrates: 1, daysOut: 1 }, 'X')).toContain('1 crate (out for 1 day)');
  });

  it('is a wa.me link with the message encoded', () => {
    const link = reminderLink(client, 'Soweto & Sons').href;
    expect(link.startsWith('https://wa.me/27821234567?text=')).toBe(true);
    expect(new URL(link).searchParams.get('text')).toContain('Soweto & Sons');
  });
});

describe('WhatsApp only for South African mobile numbers, a call otherwise', () => {
  it('knows a mobile number in every way it is written', () => {
    for (const mobile of ['082 123 4567', '0821234567', '+27 82 123 4567', '+27 (0)82 123 4567', '0027 82 123 4567']) {
      expect(southAfricanMobile(mobile), mobile).toBe('27821234567');
    }
    expect(southAfricanMobile('060 555 0101')).toBe('27605550101');
    expect(southAfricanMobile('+27 71 555 0101')).toBe('27715550101');
    expect(southAfricanMobile('083-555-0202')).toBe('27835550202');
  });

  it('refuses landlines, foreign numbers and numbers of the wrong length', () => {
    for (const other of ['012 345 6789', '(021) 555-0101', '+27 11 555 0101', '0044 20 7946 0958', '+44 7911 123456']) {
      expect(southAfricanMobile(other), other).toBeNull();
    }
    expect(southAfricanMobile('082 123 456')).toBeNull();
    expect(southAfricanMobile('082 123 45678')).toBeNull();
    expect(southAfricanMobile('')).toBeNull();
  });

  it('writes a tel: number in international form', () => {
    expect(telNumber('012 345 6789')).toBe('+27123456789');
    expect(telNumber('+27 (0)11 555 0101')).toBe('+27115550101');
    expect(telNumber('0044 20 7946 0958')).toBe('+442079460958');
  });

  const client = { clientName: 'Thandi', outstandingCrates: 3, daysOut: null };
  it('offers WhatsApp with the reminder for a mobile number', () => {
    const link = reminderLink({ ...client, contactNumber: '+27 72 555 0101' }, 'Soweto Fresh');
    expect(link.kind).toBe('whatsapp');
    expect(link.href.startsWith('https://wa.me/27725550101?text=')).toBe(true);
    expect(new URL(link.href).searchParams.get('text')).toContain('3 crates');
  });

  it('offers a call for a landline or a foreign number', () => {
    expect(reminderLink({ ...client, contactNumber: '012 345 6789' }, 'X')).toEqual({
      kind: 'call',
      href: 'tel:+27123456789',
    });
    expect(reminderLink({ ...client, contactNumber: '+44 20 7946 0958' }, 'X')).toEqual({
      kind: 'call',
      href: 'tel:+442079460958',
    });
  });
});

describe('createClientBody', () => {
  it('requires the three details (spec §5) and a phone number', () => {
    const result = createClientBody.safeParse({ businessName: ' ', clientName: '', contactNumber: '12' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message);
    expect(messages).toEqual([m.businessNameRequired, m.clientNameRequired, m.contactNumberInvalid]);
  });
});

describe('returnBody: the damaged crates of a return (checkReturnedDamage)', () => {
  const messageAt = (body: unknown, field: string) =>
    returnBody.safeParse(body).error?.issues.find((issue) => issue.path[0] === field)?.message;

  it('needs a reason when any are damaged, and no more damaged than were handed back', () => {
    expect(messageAt({ quantityReturned: 2, damagedQuantity: 1 }, 'damageReason')).toBe(damageMessages.reasonRequired);
    expect(messageAt({ quantityReturned: 2, damagedQuantity: 3, damageReason: 'Split' }, 'damagedQuantity')).toBe(
      damageMessages.damagedTooMany(2),
    );
    expect(returnBody.safeParse({ quantityReturned: 2, damagedQuantity: 2, damageReason: 'Split' }).success).toBe(true);
  });
});
