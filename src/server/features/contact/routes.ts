// POST /api/contact (public, rate limited per IP) and the farm store's contact message inbox.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactBody,
  contactMessageList,
  contactMessageParams,
  contactMessageSchema,
  contactMessages,
  contactMessagesQuery,
  contactSentResponse,
  unreadContactCountResponse,
  updateContactMessageBody,
} from '../../../shared/contact.ts';
import * as repo from './repository.ts';
import { markContactMessage, receiveContactMessage } from './service.ts';

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: { access: 'public' },
      schema: { tags: ['contact'], body: contactBody, response: { 201: contactSentResponse } },
    },
    async (request, reply) => {
      const deps = { db: app.db, mailer: app.mailer, log: request.log, timeZone: app.config.farmTimezone };
      const message = await receiveContactMessage(deps, request.body, request.ip);
      return reply.status(201).send({ id: message.id, message: contactMessages.sent });
    },
  );

  app.get(
    '/contact-messages',
    {
      config: { access: 'read:contact-message:any' },
      schema: { tags: ['contact'], querystring: contactMessagesQuery, response: { 200: contactMessageList } },
    },
    async (request) => repo.listContactMessages(app.db, request.query),
  );

  app.get(
    '/contact-messages/unread-count',
    {
      config: { access: 'read:contact-message:any' },
      schema: { tags: ['contact'], response: { 200: unreadContactCountResponse } },
    },
    async () => ({ count: await repo.countUnreadContactMessages(app.db) }),
  );

  app.patch(
    '/contact-messages/:id',
    {
      config: { access: 'update:contact-message:any' },
      schema: {
        tags: ['contact'],
        params: contactMessageParams,
        body: updateContactMessageBody,
        response: { 200: contactMessageSchema },
      },
    },
    async (request) => markContactMessage(app.db, request.params.id, request.body.isRead),
  );
};

export default contactRoutes;
