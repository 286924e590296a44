// /api/auth: register, sign in and out, the current user, password change (spec §7 Authentication).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBody,
  languageBody,
  loginBody,
  messageResponse,
  registerBody,
  sessionResponse,
  userResponse,
  userSchema,
} from '../../../shared/auth.ts';
import errorsEnglish from '../../../shared/i18n/en/errors.json' with { type: 'json' };
import { addEnglish, english } from '../../../shared/i18n/english.ts';
import { registerSupplierBody, supplierMessages } from '../../../shared/suppliers.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { tooManyRequests } from '../../lib/http-error.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { audited, beforeOwnPassword, created, own, routeOptions, sessionOnly } from '../../lib/route-options.ts';
import { createSession, deleteSession, endPreviousSession, SESSION_COOKIE } from '../../lib/sessions.ts';
import { clearSessionCookie, currentUser, setSessionCookie } from '../../plugins/auth.ts';
import { requestLanguage } from '../../plugins/languages.ts';
import * as repo from './repository.ts';
import type { SecurityDeps } from './security-events.ts';
import { changePassword, registerAccount, registerSupplier, setLanguage, signIn, toUserDto } from './service.ts';

addEnglish({ errors: errorsEnglish });

const route = routeOptions('auth');

const REGISTRATIONS_PER_IP_PER_HOUR = 500;

type Api = Parameters<FastifyPluginAsyncZod>[0];

/** What the service's security notices need: the database, the mailer, the request's log. */
const securityOf =
  (app: Api) =>
  (request: { log: SecurityDeps['log']; db: SecurityDeps['db'] }): SecurityDeps => ({
    db: request.db,
    mailer: app.mailer,
    log: request.log,
    timeZone: app.config.farmTimezone,
  });

/** Registering a grower or a supplier (rate limited per address). */
function registrationRoutes(app: Api) {
  /** A new account's first session; a browser that was signed in as someone else ends that session. */
  const startSession = async (
    request: Parameters<typeof setSessionCookie>[0],
    reply: Parameters<typeof setSessionCookie>[1],
    user: { id: number; credentialVersion: number },
  ) => {
    const session = await request.db.transaction(async (tx) => {
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await endPreviousSession(tx, previous);
      return createSession(tx, user, app.config.sessionTtlHours);
    });
    // Only a removal in the same instant as the registration could stop it.
    if (!session) throw new Error('The new account was removed before its session began'); // i18n-ignore: logged; a 500 says the generic words
    setSessionCookie(request, reply, session.token, session.expiresAt);
  };

  app.post(
    '/register',
    audited(
      route('public', { body: registerBody, response: { 200: userResponse }, refusals: [409, 429] }),
      created('user.register', 'user'),
    ),
    async (request, reply) => {
      if (!(await consumeRateLimit(request.db, `register:ip:${request.ip}`, REGISTRATIONS_PER_IP_PER_HOUR, 3600))) {
        throw tooManyRequests(english('errors.tooManyRegistrations'));
      }
      // A new account speaks the language its screens were in (the app sends it as Accept-Language).
      const user = await registerAccount(request.db, request.body, app.config.farmAccessCode, requestLanguage(request));
      await startSession(request, reply, user);
      return { user: toUserDto(user) };
    },
  );

  // The supplier wizard (decision 021): creates the account pending approval and does not sign in.
  app.post(
    '/register-supplier',
    audited(
      route('public', {
        body: registerSupplierBody,
        response: { 201: z.object({ user: userSchema, message: z.string() }) },
        refusals: [409, 429],
      }),
      created('supplier.register', 'user'),
    ),
    async (request, reply) => {
      if (!(await consumeRateLimit(request.db, `register:ip:${request.ip}`, REGISTRATIONS_PER_IP_PER_HOUR, 3600))) {
        throw tooManyRequests(english('errors.tooManyRegistrations'));
      }
      const user = await registerSupplier(request.db, request.body, requestLanguage(request));
      return reply.status(201).send({ user: toUserDto(user), message: supplierMessages.registered });
    },
  );
}

/** Signing in and out, and who is signed in. */
function sessionRoutes(app: Api) {
  const security = securityOf(app);

  app.post(
    '/login',
    audited(
      route('public', { body: loginBody, response: { 200: userResponse }, refusals: [401, 429] }),
      own('auth.sign-in'),
    ),
    async (request, reply) => {
      const { config } = app;
      const deps = {
        ...security(request),
        sessionTtlHours: config.sessionTtlHours,
        limits: {
          perIp: config.loginLimitPerIp,
          failuresPerAddress: config.loginFailuresPerAddress,
          failuresPerEmail: config.loginFailuresPerEmail,
          turnMs: config.loginTurnMs,
        },
      };
      const { email, password } = request.body;
      const { user, token, expiresAt } = await signIn(deps, request, email, password, request.cookies[SESSION_COOKIE]);
      setSessionCookie(request, reply, token, expiresAt);
      return { user: toUserDto(user) };
    },
  );

  app.post(
    '/logout',
    audited(route('public', { response: { 200: messageResponse } }), own('auth.sign-out')),
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      // The 'users' change makes every instance close this session's event streams.
      if (token) {
        await request.db.transaction(async (tx) => {
          const userId = await deleteSession(tx, token);
          if (userId) await recordChange(tx, { tags: ['users'], audience: [audiences.user(userId)] });
        });
      }
      clearSessionCookie(reply);
      return { message: english('errors.signedOut') };
    },
  );

  app.get('/me', beforeOwnPassword(route('signed-in', { response: { 200: userResponse } })), async (request) => {
    const user = await repo.findUserById(request.db, currentUser(request).id);
    return { user: toUserDto(user!) };
  });

  // The client's session check: 200 either way, so a signed-out visitor's browser logs no error.
  app.get('/session', route('public', { response: { 200: sessionResponse } }), async (request) => {
    const session = await request.loadSession();
    const user = session ? await repo.findUserById(request.db, session.id) : null;
    if (user) return { user: toUserDto(user) };
    // Nobody: and why, when this browser's session ended without a sign-out (decision 040).
    const reason = await request.sessionEndReason();
    return reason ? { user: null, reason } : { user: null };
  });
}

/** The language a user's screens, e-mails and answers are in (decision 065): kept on the user, so a new phone signs in in it. */
function languageRoutes(app: Api) {
  app.put(
    '/me/language',
    audited(
      beforeOwnPassword(route('signed-in', { body: languageBody, response: { 200: userResponse } })),
      own('user.language'),
    ),
    async (request) => ({
      user: toUserDto(await setLanguage(request.db, currentUser(request), request.body.language)),
    }),
  );
}

/** Changing one's own password. */
function passwordRoutes(app: Api) {
  const security = securityOf(app);

  app.post(
    '/change-password',
    audited(
      sessionOnly(
        beforeOwnPassword(
          route('signed-in', { body: changePasswordBody, response: { 200: messageResponse }, refusals: [429] }),
        ),
      ),
      own('user.change-password'),
    ),
    async (request, reply) => {
      // A new token for this browser; the old one and every other session end.
      const deps = {
        ...security(request),
        sessionTtlHours: app.config.sessionTtlHours,
        changesPerUser: app.config.passwordChangesPerUser,
      };
      const { currentPassword, newPassword } = request.body;
      const { token, expiresAt } = await changePassword(
        deps,
        currentUser(request),
        request.ip,
        currentPassword,
        newPassword,
      );
      setSessionCookie(request, reply, token, expiresAt);
      return { message: english('errors.passwordChanged') };
    },
  );
}

// The route table of /api/auth, in four parts: registration, sessions, the language, the password.
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  registrationRoutes(app);
  sessionRoutes(app);
  languageRoutes(app);
  passwordRoutes(app);
};

export default authRoutes;
