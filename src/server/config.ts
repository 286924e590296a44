// The environment, parsed once (DESIGN §2): a bad value stops start-up with a clear message.
import { resolve } from 'node:path';
import { Cron } from 'croner';
import { z } from 'zod';
import { LOAN_OVERDUE_DAYS_DEFAULT } from '../shared/clients.ts';
import { DEFAULT_MIN_FREE_MB } from './db/faults.ts';
import { DEFAULT_FARM_TIMEZONE } from './lib/farm-date.ts';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().default('./data'),
  DATA_DIR_MIN_FREE_MB: z.coerce
    .number()
    .int()
    .min(0, 'DATA_DIR_MIN_FREE_MB must be a whole number of megabytes, 0 or more')
    .default(DEFAULT_MIN_FREE_MB),
  WEB_DIR: z.string().default('dist/web'),
  FARM_ACCESS_CODE: z
    .string()
    .min(4, 'FARM_ACCESS_CODE must be at least 4 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(168),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Cratekeeper <no-reply@cratekeeper.local>'),
  DEMO: z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  FARM_TIMEZONE: z.string().default(DEFAULT_FARM_TIMEZONE),
  FARM_NAME: z
    .string()
    .trim()
    .min(1, 'FARM_NAME must not be blank')
    .max(100, 'FARM_NAME must be at most 100 characters')
    .optional(),
  LOAN_OVERDUE_DAYS: z.coerce
    .number()
    .int()
    .min(1, 'LOAN_OVERDUE_DAYS must be a whole number of days, 1 or more')
    .default(LOAN_OVERDUE_DAYS_DEFAULT),
  WEEKLY_REPORTS_CRON: z
    .string()
    .default('0 6 * * 1')
    .refine(isCronPattern, 'WEEKLY_REPORTS_CRON must be a cron pattern such as "0 6 * * 1" (Mondays at 06:00)'),
  BACKUP_CRON: z
    .string()
    .default('30 2 * * *')
    .refine(
      (v) => v === 'off' || isCronPattern(v),
      'BACKUP_CRON must be a cron pattern such as "30 2 * * *" (every night at 02:30), or off',
    ),
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters (a long random secret: openssl rand -hex 32)')
    .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN must be visible ASCII characters only (no spaces)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === null) {
        ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HELP });
        return z.NEVER;
      }
      return parsed;
    }),
});

function isCronPattern(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

const TRUST_PROXY_HELP =
  'TRUST_PROXY must be a hop count (1, 2, …) or a comma-separated list of proxy addresses or CIDR ranges (10.0.0.1, 172.16.0.0/12)';
const PROXY_ADDRESS = /^[0-9a-fA-F.:]+(\/\d{1,3})?$/;

/**
 * What Fastify's trustProxy takes (decision 011): off unless set; a hop count, or the proxies'
 * addresses. 'true' (believe any X-Forwarded-For) is refused: a client could then forge its address.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] | null {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v.split(',').map((a) => a.trim());
  return list.every((a) => PROXY_ADDRESS.test(a)) ? list : null;
}

export type Config = {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  /**
   * The embedded database takes no writes (507) while DATA_DIR has less free space than this (decision
   * 060); unset: DEFAULT_MIN_FREE_MB.
   */
  dataDirMinFreeMb?: number;
  /** The built client the app serves (WEB_DIR, default dist/web): another build to compare, or a test's own. */
  webDir: string;
  farmAccessCode?: string;
  sessionTtlHours: number;
  smtpUrl?: string;
  mailFrom: string;
  demo: boolean;
  farmTimezone: string;
  /** FARM_NAME: the farm's name until the Settings field sets it (decisions 049, 067; lib/farm-name.ts). */
  farmName: string | undefined;
  /** A client loan open longer than this many days is marked overdue (docs/decisions/018). */
  loanOverdueDays: number;
  /** When the weekly reports go out by themselves, a cron pattern in farmTimezone (decision 020). */
  weeklyReportsCron: string;
  /** When the nightly backup is written to DATA_DIR/backups (cron in farmTimezone), or null: off (decision 026). */
  backupCron: string | null;
  logLevel: string;
  /** GET /metrics answers only with `Authorization: Bearer <this>`; unset, it is off. */
  metricsToken?: string;
  /** Sign-in attempts allowed per IP address in 15 minutes. */
  loginLimitPerIp: number;
  /** Failed sign-ins for one e-mail from one address before that pair waits 15 minutes. */
  loginFailuresPerAddress: number;
  /**
   * Failed sign-ins for one e-mail from all addresses in 15 minutes; past it, addresses that failed
   * for it are refused and the others take turns (decision 025).
   */
  loginFailuresPerEmail: number;
  /** Past loginFailuresPerEmail, one sign-in for that e-mail per this many ms (a turn waits at most two). */
  loginTurnMs: number;
  /** Password changes (right or wrong current password) per user in 15 minutes. */
  passwordChangesPerUser: number;
  /** Password resets one farm store account may make in 15 minutes. */
  passwordResetsPerAdmin: number;
  /** The proxies whose X-Forwarded-For/-Proto are believed (TRUST_PROXY): off, a hop count or addresses. */
  trustProxy: false | number | string[];
  /** The whole request (headers and body) must arrive within this time, or the socket is closed. */
  requestTimeoutMs: number;
  /** Requests one API token may make per minute (decision 063). */
  tokenRequestsPerMinute: number;
  /**
   * WEBHOOK_ALLOW_PRIVATE_ADDRESSES=1: webhooks may reach loopback, private and link-local addresses,
   * and plain http (a receiver on the farm's own network, the tests); off, they are refused (decision 063).
   */
  webhookAllowPrivateAddresses: boolean;
  /** How long a webhook delivery waits for its answer, in ms (10 s; tests shorten it). */
  webhookTimeoutMs: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    dataDirMinFreeMb: e.DATA_DIR_MIN_FREE_MB,
    webDir: resolve(e.WEB_DIR),
    farmAccessCode: e.FARM_ACCESS_CODE,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    demo: e.DEMO,
    farmTimezone: e.FARM_TIMEZONE,
    farmName: e.FARM_NAME,
    loanOverdueDays: e.LOAN_OVERDUE_DAYS,
    weeklyReportsCron: e.WEEKLY_REPORTS_CRON,
    backupCron: e.BACKUP_CRON === 'off' ? null : e.BACKUP_CRON,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    loginLimitPerIp: 100,
    loginFailuresPerAddress: 10,
    loginFailuresPerEmail: 100,
    loginTurnMs: 3_000,
    passwordChangesPerUser: 10,
    passwordResetsPerAdmin: 30,
    requestTimeoutMs: 30_000,
    tokenRequestsPerMinute: 600,
    webhookAllowPrivateAddresses: e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
    webhookTimeoutMs: 10_000,
  };
}
