// /api/admin/users (User Management screen) and /api/users (the farm store dashboard's users tab):
// list, remove and reset passwords of market agents and suppliers (spec §7 Users). Farm store only.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPasswordBody,
  passwordResetResponse,
  resetPasswordBody,
  userIdParams,
  userListQuery,
  userListResponse,
  userMessages,
  userRemovedResponse,
  userRestoredResponse,
} from '../../../shared/users.ts';
import { audited, byPath, routeOptions } from '../../lib/route-options.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './service.ts';

const route = routeOptions('users');

/** A new password for user `id` from the signed-in admin: the one typed, or one generated when none is. */
const resetPassword = (
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  newPassword: string | null | undefined,
) =>
  service.resetPassword(
    {
      db: request.db,
      mailer: app.mailer,
      log: request.log,
      timeZone: app.config.farmTimezone,
      resetsPerAdmin: app.config.passwordResetsPerAdmin,
    },
    { id: currentUser(request).id, address: request.ip },
    id,
    newPassword,
  );

// Long: the users route table (both paths of the admin screen), one declaration per endpoint.
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = route('read:user:any', { querystring: userListQuery, response: { 200: userListResponse } });
  const remove = route('manage:user:any', { params: userIdParams, response: { 200: userRemovedResponse } });

  for (const prefix of ['/admin/users', '/users']) {
    app.get(prefix, list, async (request) => service.listUsers(request.db, request.query));
    app.delete(`${prefix}/:id`, audited(remove, byPath('user.remove', 'user')), async (request) => {
      await service.removeUser(request.db, request.params.id, currentUser(request).id);
      return { message: userMessages.removed };
    });
  }

  // The User Management screen: a removed user comes back (decision 022), e.g. an agent back for the
  // new season, with its history and the e-mail it registered with.
  app.post(
    '/admin/users/:id/restore',
    audited(
      route('manage:user:any', { params: userIdParams, response: { 200: userRestoredResponse } }),
      byPath('user.restore', 'user'),
    ),
    async (request) => ({
      message: userMessages.restored,
      user: await service.restoreUser(request.db, request.params.id),
    }),
  );

  // The User Management screen: the admin types the new password.
  app.patch(
    '/admin/users/:id/password',
    audited(
      route('manage:user:any', {
        params: userIdParams,
        body: adminPasswordBody,
        response: { 200: passwordResetResponse },
        refusals: [429],
      }),
      byPath('user.reset-password', 'user'),
    ),
    async (request) => {
      await resetPassword(app, request, request.params.id, request.body.newPassword);
      return { message: userMessages.passwordUpdated };
    },
  );

  // The dashboard's users tab: without a newPassword the server generates one and returns it once.
  app.post(
    '/users/:id/reset-password',
    audited(
      route('manage:user:any', {
        params: userIdParams,
        body: resetPasswordBody,
        response: { 200: passwordResetResponse },
        refusals: [429],
      }),
      byPath('user.reset-password', 'user'),
    ),
    async (request, reply) => {
      const result = await resetPassword(app, request, request.params.id, request.body?.newPassword);
      // A generated password is in this response only: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return { message: userMessages.passwordUpdated, ...result };
    },
  );
};

export default userRoutes;
