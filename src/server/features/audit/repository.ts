// Audit trail queries: one filtered page, newest first, with the acting user's name and e-mail, and the
// people who may appear in it. Dates are farm days, turned into instants by PostgreSQL in the farm's zone.
import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AuditFilter } from '../../../shared/audit.ts';
import type { Executor } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';

export type AuditFilterWhere = AuditFilter & { timeZone: string };

function filterWhere(f: AuditFilterWhere, before?: number): SQL | undefined {
  // The first instant of a farm day, as the database computes it in FARM_TIMEZONE (DST-safe).
  const dayStart = (day: string, plusDays = 0) =>
    sql`((${day}::date + ${plusDays}::integer)::timestamp at time zone ${f.timeZone})`;
  return and(
    f.userId === undefined ? undefined : eq(auditLog.userId, f.userId),
    f.action === undefined ? undefined : eq(auditLog.action, f.action),
    f.from === undefined ? undefined : gte(auditLog.createdAt, dayStart(f.from)),
    f.to === undefined ? undefined : lt(auditLog.createdAt, dayStart(f.to, 1)),
    before === undefined ? undefined : lt(auditLog.id, before),
  );
}

const columns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  userId: auditLog.userId,
  userName: users.name,
  userEmail: users.email,
  role: auditLog.role,
  action: auditLog.action,
  recordType: auditLog.recordType,
  recordId: auditLog.recordId,
  summary: auditLog.summary,
  address: auditLog.address,
  route: auditLog.route,
};

export type AuditRow = {
  id: number;
  createdAt: Date;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
  role: string | null;
  action: string;
  recordType: string | null;
  recordId: number | null;
  summary: string;
  address: string | null;
  route: string | null;
};

/** One page of the trail, newest first; `before` is an id cursor. */
export async function listAudit(
  db: Executor,
  filter: AuditFilterWhere,
  page: { limit: number; before?: number },
): Promise<AuditRow[]> {
  return db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(filterWhere(filter, page.before))
    .orderBy(desc(auditLog.id))
    .limit(page.limit);
}

/** Every account, farm store and removed ones included: anyone may have acted. */
export async function listPeople(db: Executor) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, isActive: users.isActive })
    .from(users)
    .orderBy(asc(users.name), asc(users.id));
}
