// Account rules: registration by role, sign-in with rate limits, password changes.
import type { FastifyRequest } from 'fastify';
import { messages, type RegisterBody } from '../../../shared/auth.ts';
import type { Db } from '../../db/client.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../../lib/http-error.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { clearRateLimit, consumeRateLimit, rateLimitHits } from '../../lib/rate-limit.ts';
import { readFarmAccessCode } from './farm-access-code.ts';
import * as repo from './repository.ts';
import { deleteOtherSessions } from './sessions.ts';

const LOGIN_WINDOW_SECONDS = 15 * 60;
const LOGIN_FAILURES_PER_EMAIL = 10;

export function toUserDto(user: repo.UserRow) {
  return { id: user.id, name: user.name, email: user.email, role: user.role, createdAt: user.createdAt };
}

const marketCity: Record<string, string> = {
  'Johannesburg Market': 'Johannesburg',
  'Pretoria Market': 'Pretoria',
  Other: 'Other',
};

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505');

export async function registerAccount(db: Db, body: RegisterBody, configuredFarmCode: string | undefined) {
  if (body.role === 'farm_store') {
    const code = await readFarmAccessCode(db, configuredFarmCode);
    if (!code || body.farmAccessCode !== code) throw forbidden(messages.invalidFarmAccessCode);
  }
  if (await repo.findUserByEmail(db, body.email)) throw conflict(messages.emailTaken);
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {
        name: body.name,
        email: body.email,
        passwordHash,
        role: body.role,
      });
      await recordChange(tx, {
        tags: body.role === 'supplier' ? ['users', 'suppliers'] : ['users'],
        audience: [audiences.farmStore],
      });
      if (body.role === 'market_agent') {
        const market = body.marketLocation ?? 'Other';
        await repo.insertMarketAgent(tx, {
          userId: user.id,
          businessName: body.businessName,
          marketName: market,
          marketLocation: market,
          location: marketCity[market] ?? market,
          contactNumber: body.contactNumber ?? '',
        });
      } else if (body.role === 'supplier') {
        await repo.insertSupplier(tx, {
          userId: user.id,
          businessName: body.businessName ?? '',
          contactPerson: body.name,
          contactNumber: body.contactNumber ?? '',
          farmLocation: body.farmLocation ?? '',
          produceTypes: body.produceTypes,
        });
      }
      return user;
    });
  } catch (err) {
    // Two registrations with one e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(messages.emailTaken);
    throw err;
  }
}

export async function login(db: Db, request: FastifyRequest, email: string, password: string, limitPerIp: number) {
  const emailKey = `login:email:${email.toLowerCase()}`;
  if (!(await consumeRateLimit(db, `login:ip:${request.ip}`, limitPerIp, LOGIN_WINDOW_SECONDS))) {
    throw tooManyRequests(messages.tooManyAttempts);
  }
  if ((await rateLimitHits(db, emailKey, LOGIN_WINDOW_SECONDS)) >= LOGIN_FAILURES_PER_EMAIL) {
    throw tooManyRequests(messages.tooManyAttempts);
  }
  const user = await repo.findUserByEmail(db, email);
  // Compare against a dummy hash for unknown e-mails so both failures look and take the same.
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok || !user.isActive) {
    await consumeRateLimit(db, emailKey, LOGIN_FAILURES_PER_EMAIL, LOGIN_WINDOW_SECONDS);
    throw unauthorized(messages.invalidCredentials);
  }
  await clearRateLimit(db, emailKey);
  return user;
}

export async function changePassword(
  db: Db,
  session: { id: number; sessionId: number },
  currentPassword: string,
  newPassword: string,
) {
  const user = await repo.findUserById(db, session.id);
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash))) {
    throw badRequest(messages.currentPasswordWrong, { currentPassword: messages.currentPasswordWrong });
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await repo.updatePasswordHash(tx, user.id, passwordHash);
    await deleteOtherSessions(tx, user.id, session.sessionId);
    await recordChange(tx, { tags: ['users'], audience: [audiences.user(user.id)] });
  });
}
