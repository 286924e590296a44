// The WhatsApp reminder in the client's language (decision 065): the same catalogue messages as
// English, said by the client's translator; English unchanged when none is given.
import { describe, expect, it } from 'vitest';
import { reminderLink, reminderMessage } from './clients-labels.ts';
import en from './i18n/en/index.ts';
import { createTranslator, flatten } from './i18n/translator.ts';
import zu from './i18n/zu/index.ts';

const english = flatten(en);
const zulu = createTranslator('zu', flatten(zu), english);
const client = { clientName: 'Thandi', contactNumber: '082 123 4567', outstandingCrates: 2, daysOut: 16 };

describe('the reminder in isiZulu', () => {
  it('names the crates and the days out in isiZulu', () => {
    expect(reminderMessage(client, 'Soweto Fresh', zulu.t)).toBe(
      'Sawubona Thandi, lesi yisikhumbuzo esivela ku-Soweto Fresh sokuthi usenawo amabhokisi angu-2 (izinsuku ezingu-16) okufanele uwabuyise. Siyabonga!',
    );
  });

  it('says one crate and one day in the singular, and leaves the days out when none are known', () => {
    const one = reminderMessage({ ...client, outstandingCrates: 1, daysOut: 1 }, 'X', zulu.t);
    expect(one).toContain('ibhokisi elingu-1 (usuku olu-1)');
    const noDays = reminderMessage({ ...client, daysOut: null }, 'X', zulu.t);
    expect(noDays).toBe(
      'Sawubona Thandi, lesi yisikhumbuzo esivela ku-X sokuthi usenawo amabhokisi angu-2 okufanele uwabuyise. Siyabonga!',
    );
  });

  it('goes into the wa.me link', () => {
    const link = reminderLink(client, 'Soweto Fresh', zulu.t).href;
    expect(new URL(link).searchParams.get('text')).toContain('Sawubona Thandi');
  });

  it('stays the same English without a translator', () => {
    expect(reminderMessage(client, 'Soweto Fresh')).toBe(
      'Hello Thandi, this is a reminder from Soweto Fresh that you still have 2 crates (out for 16 days) to return. Thank you!',
    );
    expect(reminderMessage({ ...client, daysOut: null }, 'X')).toBe(
      'Hello Thandi, this is a reminder from X that you still have 2 crates to return. Thank you!',
    );
  });
});
