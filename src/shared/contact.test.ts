import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, contactBody, contactMessages } from './contact.ts';

const valid = { name: 'Lerato Mokoena', email: 'lerato@example.co.za', subject: 'Supply', message: 'Hello farm' };
const firstError = (input: unknown) => {
  const result = contactBody.safeParse(input);
  return result.success
    ? null
    : { path: result.error.issues[0].path.join('.'), message: result.error.issues[0].message };
};

describe('contactBody (spec §5)', () => {
  it('accepts a complete message and trims it', () => {
    expect(contactBody.parse({ ...valid, name: '  Lerato Mokoena ' }).name).toBe('Lerato Mokoena');
  });

  it('requires every field with its own message', () => {
    expect(firstError({ ...valid, name: '  ' })).toEqual({ path: 'name', message: contactMessages.nameRequired });
    expect(firstError({ ...valid, email: '' })).toEqual({ path: 'email', message: contactMessages.emailRequired });
    expect(firstError({ ...valid, subject: undefined })).toEqual({
      path: 'subject',
      message: contactMessages.subjectRequired,
    });
    expect(firstError({ ...valid, message: '' })).toEqual({
      path: 'message',
      message: contactMessages.messageRequired,
    });
  });

  it('checks the e-mail and the lengths', () => {
    expect(firstError({ ...valid, email: 'not-an-email' })?.message).toBe(contactMessages.emailInvalid);
    expect(firstError({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message + 1) })?.message).toBe(
      contactMessages.messageTooLong,
    );
    expect(firstError({ ...valid, subject: 'x'.repeat(CONTACT_LIMITS.subject + 1) })?.message).toBe(
      contactMessages.subjectTooLong,
    );
  });
});
