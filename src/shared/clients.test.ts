import { describe, expect, it } from 'vitest';
import {
  createClientBody,
  clientMessages as m,
  reminderMessage,
  whatsappNumber,
  whatsappReminderLink,
} from './clients.ts';

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
    const link = whatsappReminderLink(client, 'Soweto & Sons');
    expect(link.startsWith('https://wa.me/27821234567?text=')).toBe(true);
    expect(new URL(link).searchParams.get('text')).toContain('Soweto & Sons');
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
