// One supplier sign-up (decision 041): POST /api/auth/register with role supplier and the
// wizard's POST /api/auth/register-supplier run one schema and one service; only /register signs in.
import { describe, expect, it } from 'vitest';
import { registrationFor, uniqueEmail } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { messages } from '../../../shared/auth.ts';

const app = await buildTestApp();
const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

const wizard = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lindiwe Khumalo',
  email: uniqueEmail('wizard'),
  password: 'secret123',
  businessName: 'Khumalo Chillies',
  contactPerson: 'Lindiwe Khumalo',
  contactNumber: '083 000 0000',
  farmLocation: 'Limpopo',
  certificationType: 'other',
  produceTypes: 'Peppers',
  ...overrides,
});

const stored = async (userId: number) => {
  const rows = await app.database.db.query.suppliers.findMany();
  const { id: _id, userId: _u, createdAt: _c, ...record } = rows.find((s) => s.userId === userId)!;
  return record;
};

describe('one supplier sign-up', () => {
  it('stores the same pending supplier from either path; only /register starts a session', async () => {
    const viaRegister = await post(
      '/api/auth/register',
      registrationFor('supplier', { name: 'Lindiwe Khumalo', businessName: 'Khumalo Chillies' }),
    );
    expect(viaRegister.statusCode, viaRegister.body).toBe(200);
    expect(viaRegister.cookies.some((c) => c.name === 'ck_session')).toBe(true);
    const viaWizard = await post('/api/auth/register-supplier', wizard());
    expect(viaWizard.statusCode, viaWizard.body).toBe(201);
    expect(viaWizard.cookies.some((c) => c.name === 'ck_session')).toBe(false);
    const fromRegister = await stored(viaRegister.json().user.id);
    expect(fromRegister).toMatchObject({
      status: 'pending',
      contactPerson: 'Lindiwe Khumalo',
      certificationType: 'other',
    });
    expect(fromRegister).toEqual(await stored(viaWizard.json().user.id));
  });

  it('refuses what the wizard refuses: too many produce types, a bad phone (400)', async () => {
    const produceTypes = Array.from({ length: 6 }, (_, i) => `${i}`.repeat(100));
    const long = await post('/api/auth/register', registrationFor('supplier', { produceTypes }));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toHaveProperty('produceTypes');
    const longWizard = await post('/api/auth/register-supplier', wizard({ produceTypes: produceTypes.join(', ') }));
    expect(longWizard.statusCode).toBe(400);
    expect(longWizard.json().errors).toHaveProperty('produceTypes');
    for (const [url, body] of [
      ['/api/auth/register', registrationFor('supplier', { contactNumber: 'call me' })],
      ['/api/auth/register-supplier', wizard({ contactNumber: 'call me' })],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.contactNumber).toBe(messages.contactNumberInvalid);
    }
  });

  it("keeps each path's spec message for what it asks (400) and one e-mail for both paths (409)", async () => {
    const noProduce = await post('/api/auth/register', registrationFor('supplier', { produceTypes: '' }));
    expect(noProduce.statusCode).toBe(400);
    expect(noProduce.json().message).toBe(messages.supplierFields);
    const email = uniqueEmail('both');
    expect((await post('/api/auth/register-supplier', wizard({ email }))).statusCode).toBe(201);
    const again = await post('/api/auth/register', registrationFor('supplier', { email }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.emailTaken);
    const email2 = uniqueEmail('both');
    expect((await post('/api/auth/register', registrationFor('supplier', { email: email2 }))).statusCode).toBe(200);
    expect((await post('/api/auth/register-supplier', wizard({ email: email2 }))).statusCode).toBe(409);
  });
});
