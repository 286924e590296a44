// The whole database schema; drizzle-kit generates the SQL migrations from this.

export * from './audit.ts';
export * from './balance-statements.ts';
export * from './billing.ts';
export * from './clients.ts';
export * from './crates.ts';
export * from './events.ts';
export * from './evidence.ts';
export * from './idempotency.ts';
export * from './imports.ts';
export * from './integrations.ts';
export * from './offers.ts';
export * from './pricing.ts';
export * from './reports.ts';
export * from './stock-takes.ts';
export * from './system.ts';
export * from './transmissions.ts';
export * from './users.ts';
