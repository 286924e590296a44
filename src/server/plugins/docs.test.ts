// The contract check itself (decision 048, tests/support/contract.ts): on a bare app with the docs
// plugin, an answer whose status the document does not declare, or whose body or media type differs
// from it, is reported; one that keeps the document is not. Without this, a check that never fires
// would look like a suite that keeps its contract.
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractFor, contractHook } from '../../../tests/support/contract.ts';
import { HttpError } from '../lib/http-error.ts';
import { routeOptions } from '../lib/route-options.ts';
import docsPlugin from './docs.ts';
import errorsPlugin from './errors.ts';

const route = routeOptions('contract');
const problems: string[] = [];
const app = Fastify().withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
app.addHook('onRoute', (r) => {
  r.onSend = [r.onSend ?? []].flat().concat(contractHook(problems));
});
await app.register(errorsPlugin);
await app.register(docsPlugin);
const thing = z.object({ id: z.number().int(), name: z.string() });
app.get(
  '/api/things/:id',
  route('public', { params: z.object({ id: z.string() }), response: { 200: thing } }),
  (request) => {
    if (request.params.id === 'taken') throw new HttpError(409, 'Already taken');
    return { id: 1, name: 'One' };
  },
);
// Declares its JSON as a string: what a route that sends JSON under a wrong schema looks like.
app.get('/api/loose', route('public', { response: { 200: z.unknown() }, produces: ['text/csv'] }), () => ({ a: 1 }));
await app.ready();

async function problemsOf(url: string) {
  problems.length = 0;
  await app.inject({ method: 'GET', url });
  return [...problems];
}

describe('the contract check', () => {
  it('passes an answer the document declares, a declared error included', async () => {
    expect(await problemsOf('/api/things/1')).toEqual([]);
    expect(await problemsOf('/api/things/missing%20but%20fine')).toEqual([]);
  });

  it('fails an answer whose status the document does not declare', async () => {
    expect(await problemsOf('/api/things/taken')).toEqual([
      'GET /api/things/{id} answered 409, which its document does not declare (it declares 200, 400, 404, 500, 503)',
    ]);
  });

  it('fails an answer of another media type than the document says', async () => {
    expect(await problemsOf('/api/loose')).toEqual([
      'GET /api/loose answered 200 as application/json; its document says text/csv',
    ]);
  });

  it('fails a JSON body that does not match the declared schema', () => {
    const check = contractFor(app.swagger() as never);
    const answer = { method: 'GET', route: '/api/things/:id', status: 200, contentType: 'application/json' };
    expect(check({ ...answer, body: '{"id":1,"name":"One"}' })).toBeNull();
    expect(check({ ...answer, body: '{"id":"one","name":"One"}' })).toBe(
      'GET /api/things/{id} answered 200 with a body that does not match its document: /id must be integer',
    );
  });
});
