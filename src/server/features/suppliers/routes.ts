// /api/suppliers: a supplier's own record (the approval screen reads it).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { supplierSchema } from '../../../shared/suppliers.ts';
import { notFound } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findSupplierByUserId, toSupplierDto } from './repository.ts';

const supplierRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    { config: { access: 'read:supplier:own' }, schema: { tags: ['suppliers'], response: { 200: supplierSchema } } },
    async (request) => {
      const row = await findSupplierByUserId(app.db, currentUser(request).id);
      if (!row) throw notFound('Supplier profile not found');
      return toSupplierDto(row);
    },
  );
};

export default supplierRoutes;
