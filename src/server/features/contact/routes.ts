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
import { audited, byPath, cached, created, routeOptions } from '../../lib/route-options.ts';
import * as repo from './repository.ts';
import { markContactMessage, receiveContactMessage } from './service.ts';

const route = routeOptions('contact');

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    audited(
      route('public', { body: contactBody, response: { 201: contactSentResponse }, refusals: [429] }),
      created('contact.send', 'contact-message'),
    ),
    async (request, reply) => {
      const deps = { db: request.db, mailer: app.mailer, log: request.log, timeZone: app.config.farmTimezone };
      const message = await receiveContactMessage(deps, request.body, request.ip);
      return reply.status(201).send({ id: message.id, message: contactMessages.sent });
    },
  );

  app.get(
    '/contact-messages',
    route('read:contact-message:any', { querystring: contactMessagesQuery, response: { 200: contactMessageList } }),
    async (request) => repo.listContactMessages(request.db, request.query),
  );

  app.get(
    '/contact-messages/unread-count',
    cached(route('read:contact-message:any', { response: { 200: unreadContactCountResponse } }), ['contact']),
    async () => ({ count: await repo.countUnreadContactMessages(app.db) }),
  );

  app.patch(
    '/contact-messages/:id',
    audited(
      route('update:contact-message:any', {
        params: contactMessageParams,
        body: updateContactMessageBody,
        response: { 200: contactMessageSchema },
      }),
      byPath('contact.mark', 'contact-message'),
    ),
    async (request) => markContactMessage(request.db, request.params.id, request.body.isRead),
  );
};

export default contactRoutes;
