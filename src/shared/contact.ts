// Contact messages from the public site (spec §3, §5): the form's rules and messages, used by the
// contact form and by POST /api/contact, and the farm store's message list.
import { z } from 'zod';
import { idParams, requiredMultilineText, requiredText } from './fields.ts';
import { instant, pageQuery } from './http.ts';
import contactEnglish from './i18n/en/contact.json' with { type: 'json' };
import { addEnglish, english as e } from './i18n/english.ts';

addEnglish({ contact: contactEnglish });

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

export const contactMessages = {
  nameRequired: e('contact.nameRequired'),
  emailRequired: e('contact.emailRequired'),
  emailInvalid: e('contact.emailInvalid'),
  subjectRequired: e('contact.subjectRequired'),
  messageRequired: e('contact.messageRequired'),
  nameTooLong: e('contact.nameTooLong', { max: CONTACT_LIMITS.name }),
  subjectTooLong: e('contact.subjectTooLong', { max: CONTACT_LIMITS.subject }),
  messageTooLong: e('contact.messageTooLong', { max: CONTACT_LIMITS.message }),
  sent: e('contact.sent'),
  sendFailed: e('contact.sendFailed'),
  tooMany: e('contact.tooMany'),
  notFound: e('contact.notFound'),
} as const;

export const contactBody = z.object({
  name: requiredText(contactMessages.nameRequired, CONTACT_LIMITS.name, contactMessages.nameTooLong),
  email: requiredText(contactMessages.emailRequired, CONTACT_LIMITS.email, contactMessages.emailInvalid).pipe(
    z.email(contactMessages.emailInvalid),
  ),
  subject: requiredText(contactMessages.subjectRequired, CONTACT_LIMITS.subject, contactMessages.subjectTooLong),
  message: requiredMultilineText(
    contactMessages.messageRequired,
    CONTACT_LIMITS.message,
    contactMessages.messageTooLong,
  ),
});
export type ContactInput = z.input<typeof contactBody>;
export type ContactBody = z.infer<typeof contactBody>;

export const contactSentResponse = z.object({ id: z.number().int(), message: z.string() });

export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: instant,
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactMessageList = z.array(contactMessageSchema);

/** GET /api/contact-messages: newest first, `?limit=` (default 100, max 500) and `?before=<id>`. */
export const contactMessagesQuery = pageQuery;

export const contactMessageParams = idParams();
export const updateContactMessageBody = z.object({
  isRead: z.boolean({ error: e('contact.isReadInvalid') }),
});

/** GET /api/contact-messages/unread-count: how many website messages nobody has read yet. */
export const unreadContactCountResponse = z.object({ count: z.number().int() });
export type UnreadContactCount = z.infer<typeof unreadContactCountResponse>;
