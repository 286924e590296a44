// The user's language (decision 065): kept on the user, answered by me and session, and the language
// the server's refusals come in — the user's once signed in, the browser's before.
import { describe, expect, it } from 'vitest';
import { registerAs, registrationFor, sessionCookie } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';

const app = await buildTestApp();

const putLanguage = (cookie: string | undefined, language: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/auth/me/language',
    payload: { language },
    headers: cookie ? { cookie } : {},
  });

describe('PUT /api/auth/me/language', () => {
  it('keeps the language on the user: me, session and a new sign-in answer it', async () => {
    const agent = await registerAs(app, 'market_agent');
    expect((agent.user as { language?: string }).language).toBe('en');
    const res = await putLanguage(agent.cookie, 'zu');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: agent.user.id, language: 'zu' });
    const me = await app.inject({ url: '/api/auth/me', headers: { cookie: agent.cookie } });
    expect(me.json().user.language).toBe('zu');
    // A new phone: signing in again answers the kept language.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: agent.user.email, password: agent.password },
    });
    expect(login.json().user.language).toBe('zu');
    const session = await app.inject({ url: '/api/auth/session', headers: { cookie: sessionCookie(login) } });
    expect(session.json().user.language).toBe('zu');
  });

  it('refuses a language the app does not speak, and changes nothing', async () => {
    const agent = await registerAs(app, 'market_agent');
    for (const language of ['fr', 'ZU', '', null, 3]) {
      const res = await putLanguage(agent.cookie, language);
      expect(res.statusCode, String(language)).toBe(400);
      expect(res.json().message).toBe("language must be 'en', 'zu', 'st' or 'af'");
    }
    const me = await app.inject({ url: '/api/auth/me', headers: { cookie: agent.cookie } });
    expect(me.json().user.language).toBe('en');
  });

  it('starts a new account in the language its screens were in (Accept-Language)', async () => {
    const body = registrationFor('market_agent');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      headers: { 'accept-language': 'zu' },
    });
    expect(res.json().user.language).toBe('zu');
    expect((await registerAs(app, 'supplier')).user).toMatchObject({ language: 'en' });
  });

  it('is for a signed-in user only', async () => {
    expect((await putLanguage(undefined, 'zu')).statusCode).toBe(401);
  });

  it('writes an audit row naming the language', async () => {
    const agent = await registerAs(app, 'market_agent');
    await putLanguage(agent.cookie, 'af');
    const rows = await app.database.db.query.auditLog.findMany();
    const row = rows.find((r) => r.action === 'user.language' && r.userId === agent.user.id);
    expect(row?.summary).toContain('Afrikaans');
  });
});

describe('the language of the server’s refusals', () => {
  it('answers a signed-in user in the user’s language, whatever the browser says', async () => {
    const agent = await registerAs(app, 'market_agent');
    await putLanguage(agent.cookie, 'st');
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/me/language',
      payload: { language: 'fr' },
      headers: { cookie: agent.cookie, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("puo e tlameha ho ba 'en', 'zu', 'st' or 'af'");
    expect(Object.values(res.json().errors)).toEqual(["puo e tlameha ho ba 'en', 'zu', 'st' or 'af'"]);
  });

  it('answers a Sesotho agent’s refused lend in Sesotho, and an English agent’s in English', async () => {
    const lendTooMany = async (language: string) => {
      const agent = await registerAs(app, 'market_agent');
      await putLanguage(agent.cookie, language);
      const client = await agent.inject({
        method: 'POST',
        url: '/api/clients',
        payload: { businessName: 'Soweto Greens', clientName: 'Thandi', contactNumber: '082 123 4567' },
      });
      expect(client.statusCode).toBe(201);
      const lend = await agent.inject({
        method: 'POST',
        url: '/api/client-transactions',
        payload: { clientId: client.json().id, quantityBorrowed: 5 },
      });
      expect(lend.statusCode).toBe(409);
      return lend.json().message;
    };
    expect(await lendTooMany('st')).toBe('Mabokose a tletseng ha a lekane: o na le 0');
    expect(await lendTooMany('en')).toBe('Not enough full crates: you have 0');
  });

  it('answers before sign-in in the browser’s language, English when it speaks none of ours', async () => {
    const refuse = (acceptLanguage: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/auth/me/language',
        payload: { language: 'fr' },
        headers: { 'accept-language': acceptLanguage },
      });
    // Signed out, the 401 comes first: its words follow the header.
    const english = (await refuse('fr-FR,fr;q=0.9')).json().message;
    const afrikaans = (await refuse('af-ZA,af;q=0.9,en;q=0.5')).json().message;
    expect(english).toMatch(/sign in/i);
    expect(afrikaans).not.toBe(english);
  });

  it('leaves an English user’s answers byte for byte as they were', async () => {
    const agent = await registerAs(app, 'market_agent');
    const res = await putLanguage(agent.cookie, 'fr');
    expect(res.json().message).toBe("language must be 'en', 'zu', 'st' or 'af'");
  });
});
