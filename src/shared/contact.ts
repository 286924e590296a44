// Contact messages from the public site (spec §3, §5): the form's rules and messages, used by the
// contact form and by POST /api/contact, and the farm store's message list.
import { z } from 'zod';
import { idParams, requiredMultilineText, requiredText } from './fields.ts';
import { instant, pageQuery } from './http.ts';

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

export const contactMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  nameTooLong: `Name can be at most ${CONTACT_LIMITS.name} characters`,
  subjectTooLong: `Subject can be at most ${CONTACT_LIMITS.subject} characters`,
  messageTooLong: `Message can be at most ${CONTACT_LIMITS.message} characters`,
  sent: "Thank you for your message. We'll get back to you soon.",
  sendFailed: 'Failed to send message. Please try again.',
  tooMany: 'Too many messages from this address. Please wait a few minutes and try again.',
  notFound: 'That message was not found',
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
  isRead: z.boolean({ error: 'isRead must be true or false' }),
});

/** GET /api/contact-messages/unread-count: how many website messages nobody has read yet. */
export const unreadContactCountResponse = z.object({ count: z.number().int() });
export type UnreadContactCount = z.infer<typeof unreadContactCountResponse>;
