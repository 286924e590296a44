// The import's first guess of the columns from a file's headers (decision 050).
import { describe, expect, it } from 'vitest';
import { guessMapping, importedLanguage } from './imports.ts';

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
      'Client language',
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
      agentPhone: null,
      clientPhone: 5,
    });
  });

  it("takes the usual names of a phone column as the client's phone (decision 067)", () => {
    for (const phone of ['Client contact', 'Cell', 'Mobile', 'Tel', 'Phone number', 'Cellphone', 'Client mobile']) {
      expect(guessMapping(['Agent e-mail', 'Client business name', 'Client name', phone]), phone).toMatchObject({
        clientName: 2,
        clientPhone: 3,
        agentPhone: null,
      });
    }
    // The agent's own column stays the agent's; a file of agents alone gives a bare "Cell" to the agent.
    expect(guessMapping(['Agent phone', 'Client', 'Cell'])).toMatchObject({ agentPhone: 0, clientPhone: 2 });
    expect(guessMapping(['Agent e-mail', 'Agent name', 'Cell'])).toMatchObject({ agentPhone: 2, clientPhone: null });
    expect(guessMapping(['Phone', 'Client', 'Client phone'])).toMatchObject({ agentPhone: 0, clientPhone: 2 });
    expect(guessMapping(['Client', 'Client contact person'])).toMatchObject({ clientName: 1, clientPhone: null });
  });

  it('a header that contains a field name counts, after exact matches; each column once; unknown stays empty', () => {
    const m = guessMapping(['Agent email (work)', 'Email', 'Full crates held on 1 March', 'Notes', '']);
    expect(m.agentEmail).toBe(1);
    expect(m.fullCrates).toBe(2);
    expect(m.emptyCrates).toBeNull();
    expect(Object.values(m).filter((c) => c === 0)).toHaveLength(0);
    expect(Object.values(m).filter((c) => c === 3 || c === 4)).toHaveLength(0);
  });

  it("finds a client's language column by its usual names", () => {
    expect(guessMapping(['Agent e-mail', 'Client', 'Language'])).toMatchObject({ clientLanguage: 2 });
    expect(guessMapping(['Agent e-mail', 'Client', 'Taal'])).toMatchObject({ clientLanguage: 2 });
  });
});

describe("a client's language as a sheet says it (decision 065)", () => {
  it('takes a code or the name, in any case', () => {
    expect(importedLanguage('zu')).toBe('zu');
    expect(importedLanguage(' ST ')).toBe('st');
    expect(importedLanguage('isiZulu')).toBe('zu');
    expect(importedLanguage('Zulu')).toBe('zu');
    expect(importedLanguage('sesotho')).toBe('st');
    expect(importedLanguage('Afrikaans')).toBe('af');
    expect(importedLanguage('English')).toBe('en');
  });

  it('knows no other language', () => {
    expect(importedLanguage('fr')).toBeNull();
    expect(importedLanguage('Xhosa')).toBeNull();
  });
});
