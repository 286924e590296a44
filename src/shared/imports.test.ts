// The import's first guess of the columns from a file's headers (decision 050).
import { describe, expect, it } from 'vitest';
import { guessMapping } from './imports.ts';

describe('guessMapping', () => {
  it('maps the template headers one to one', () => {
    const headers = [
      'Agent e-mail',
      'Agent name',
      'Agent phone',
      'Market',
      'Agent business name',
      'Full crates',
      'Empty crates',
      'Client business name',
      'Client name',
      'Client phone',
      'Crates on loan',
    ];
    expect(Object.values(guessMapping(headers))).toEqual(headers.map((_, i) => i));
  });

  it("tells the agent's name from the client's, in any case and punctuation, in any order", () => {
    expect(guessMapping(['CLIENT NAME', 'name', 'E-Mail Address', 'customer', 'Loan', 'Cell'])).toMatchObject({
      clientName: 0,
      agentName: 1,
      agentEmail: 2,
      clientBusiness: 3,
      cratesOnLoan: 4,
      agentPhone: 5,
      clientPhone: null,
    });
  });

  it('a header that contains a field name counts, after exact matches; each column once; unknown stays empty', () => {
    const m = guessMapping(['Agent email (work)', 'Email', 'Full crates held on 1 March', 'Notes', '']);
    expect(m.agentEmail).toBe(1);
    expect(m.fullCrates).toBe(2);
    expect(m.emptyCrates).toBeNull();
    expect(Object.values(m).filter((c) => c === 0)).toHaveLength(0);
    expect(Object.values(m).filter((c) => c === 3 || c === 4)).toHaveLength(0);
  });
});
