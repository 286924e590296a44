// Each client's language (decision 065): given on create or update, one of en/zu/st/af (400
// otherwise), returned in the answers, and the agent's own language when a new client names none.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { json } from '../../../../tests/support/transmissions.ts';
import { clientMessages as m } from '../../../shared/clients.ts';
import { users } from '../../db/schema/index.ts';

const { app, agents } = await testFarm({ agents: [{ fullCrates: 10 }, { fullCrates: 10 }] });
const [agent, zuluAgent] = agents;
await app.db.update(users).set({ language: 'zu' }).where(eq(users.id, zuluAgent.user.id));

const patch = (id: number, payload: Record<string, unknown>) =>
  agent.inject({ method: 'PATCH', url: `/api/clients/${id}`, payload });

const newClient = { businessName: 'Mama Thandi Fresh', clientName: 'Thandi Mokoena', contactNumber: '082 123 4567' };

describe("a client's language", () => {
  it('is stored and returned when given', async () => {
    const res = await json(agent, 'POST', '/api/clients', { ...newClient, language: 'st' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().language).toBe('st');
    const read = await json(agent, 'GET', `/api/clients/${res.json().id}`);
    expect(read.json().language).toBe('st');
    const list = await json(agent, 'GET', '/api/clients');
    expect(list.json().find((c: { id: number }) => c.id === res.json().id).language).toBe('st');
  });

  it("is the agent's own language when not given", async () => {
    const english = await json(agent, 'POST', '/api/clients', { ...newClient, businessName: 'English Default' });
    expect(english.json().language).toBe('en');
    const zulu = await json(zuluAgent, 'POST', '/api/clients', newClient);
    expect(zulu.statusCode, zulu.body).toBe(201);
    expect(zulu.json().language).toBe('zu');
  });

  it('changes with an update', async () => {
    const created = await json(agent, 'POST', '/api/clients', { ...newClient, businessName: 'To Change' });
    const res = await patch(created.json().id, { language: 'af' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().language).toBe('af');
  });

  it('refuses another value with a clear message (400)', async () => {
    const res = await json(agent, 'POST', '/api/clients', { ...newClient, language: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ language: m.languageInvalid });
    expect(m.languageInvalid).toBe('Language must be one of en, zu, st or af');
    const created = await json(agent, 'POST', '/api/clients', { ...newClient, businessName: 'Kept' });
    const refused = await patch(created.json().id, { language: 'isiZulu' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ language: m.languageInvalid });
  });
});
