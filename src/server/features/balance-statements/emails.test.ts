// The statement e-mails an agent receives (decision 064), in the agent's language (decision 065).
import { describe, expect, it } from 'vitest';
import { reminderEmail, resolvedEmail } from './emails.ts';

describe("statement e-mails in the agent's language", () => {
  const statement = { agentName: 'Lerato', month: '2026-10', closing: 12, believedClosing: 14 };
  it('keeps English for an English agent', () => {
    const mail = reminderEmail({ ...statement, agentLanguage: 'en' }, 'Green Farm');
    expect(mail.subject).toBe('Please confirm your crate statement for October 2026');
    expect(mail.text).toContain("it says you held 12 crates at the month's end.");
  });
  it('writes Afrikaans for an Afrikaans agent', () => {
    const mail = resolvedEmail(
      { ...statement, agentLanguage: 'af', resolution: 'accepted', resolutionNote: 'Reg so' },
      'Green Farm',
    );
    expect(mail.subject).toBe('Jou kratstaat vir Oktober 2026: geskil opgelos');
    expect(mail.text).toContain('Hallo Lerato,');
    expect(mail.text).toContain('Green Farm het jou syfer van 14 kratte aanvaar: +2 kratte');
    expect(mail.text).toContain('Hulle nota: Reg so');
  });
});
