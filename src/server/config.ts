// The environment, parsed once (DESIGN §2): a bad value stops start-up with a clear message.
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().default('./data'),
  FARM_ACCESS_CODE: z.string().min(4, 'FARM_ACCESS_CODE must be at least 4 characters').optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(168),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Cratekeeper <no-reply@cratekeeper.local>'),
  DEMO: z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  FARM_TIMEZONE: z.string().default('Africa/Johannesburg'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  farmAccessCode?: string;
  sessionTtlHours: number;
  smtpUrl?: string;
  mailFrom: string;
  demo: boolean;
  farmTimezone: string;
  logLevel: string;
  /** Sign-in attempts allowed per IP address in 15 minutes. */
  loginLimitPerIp: number;
  // Secure cookies need HTTPS; the app sets them when the request came over TLS (trustProxy).
  trustProxy: boolean;
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
    farmAccessCode: e.FARM_ACCESS_CODE,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    demo: e.DEMO,
    farmTimezone: e.FARM_TIMEZONE,
    logLevel: e.LOG_LEVEL,
    trustProxy: true,
    loginLimitPerIp: 100,
  };
}
