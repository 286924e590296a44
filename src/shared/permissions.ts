// Who may do what: one table of typed permission strings (action:entity:own|any), read by the
// server's route guard and by the client to hide what a user may not do. The action names what the
// route does: a GET is `read:…`, a change is never `read:…` (a test walks every route).
import type { Role } from './auth.ts';

const table = {
  'read:account:own': ['farm_store', 'market_agent', 'supplier'],
  'acknowledge:transmission:own': ['farm_store', 'market_agent', 'supplier'],
  /** Take back a still-pending transmission one sent (the farm store: any the farm sent). */
  'recall:transmission:own': ['farm_store', 'market_agent', 'supplier'],
  'read:transmission:own': ['farm_store', 'market_agent', 'supplier'],
  'read:transmission:any': ['farm_store'],
  /** POST /api/transmissions: each role sends its own kind, one of the three below. */
  'create:transmission:own': ['farm_store', 'market_agent', 'supplier'],
  'create:transmission:any': ['farm_store'],
  'create:transmission:return': ['market_agent'],
  'create:crate-request:own': ['supplier'],
  'resolve:transmission:any': ['farm_store'],
  'read:market-agent:any': ['farm_store'],
  'read:market-agent:own': ['market_agent'],
  'read:earnings:own': ['market_agent'],
  'read:stock:any': ['farm_store'],
  'update:stock:any': ['farm_store'],
  'read:farm-store:own': ['farm_store'],
  'read:dashboard:own': ['farm_store', 'market_agent', 'supplier'],
  'read:farm-metrics:any': ['farm_store'],
  /** Crates at a glance (decision 070): the farm store every agent's figures, an agent only its own. */
  'read:insights:own': ['farm_store', 'market_agent'],
  'update:pricing:any': ['farm_store'],
  'read:contact-message:any': ['farm_store'],
  'update:contact-message:any': ['farm_store'],
  'read:outbox:any': ['farm_store'],
  'read:client:own': ['market_agent'],
  'manage:client:own': ['market_agent'],
  'read:supplier:any': ['farm_store'],
  'approve:supplier:any': ['farm_store'],
  'read:supplier:own': ['supplier'],
  'update:supplier:own': ['supplier'],
  /** Produce offers and tenders (decision 021): a supplier's own, the farm store's on every supplier. */
  'read:offer:own': ['supplier'],
  'manage:offer:own': ['supplier'],
  'read:offer:any': ['farm_store'],
  'read:tender:own': ['supplier'],
  'respond:tender:own': ['supplier'],
  'read:tender:any': ['farm_store'],
  'create:tender:any': ['farm_store'],
  /** Supplier crate requests: a supplier its own, the farm store every supplier's. */
  'read:crate-request:own': ['farm_store', 'supplier'],
  'read:user:any': ['farm_store'],
  'manage:user:any': ['farm_store'],
  'read:billing:any': ['farm_store'],
  'manage:billing:any': ['farm_store'],
  /** An agent's own billing records, cycle by cycle. */
  'read:billing:own': ['market_agent'],
  /** A cycle's billing records (GET /api/billing/records/{cycleId}): the farm store every agent's, an agent its own. */
  'read:billing-record:own': ['farm_store', 'market_agent'],
  /** An agent's own bank details for the EFT payout (shown masked to anyone else). */
  'read:bank-details:own': ['market_agent'],
  'update:bank-details:own': ['market_agent'],
  'read:report:any': ['farm_store'],
  'send:report:any': ['farm_store'],
  /** POST /api/reports/generate makes a PDF (or the billing statement): a change-verb, not a read. */
  'generate:report:any': ['farm_store'],
  /** An agent's own weekly summary (the agent dashboard's reports tab). */
  'read:report:own': ['market_agent'],
  /** The farm access code a farm store registration needs: seen and replaced in Settings (decision 043). */
  'read:farm-access-code:any': ['farm_store'],
  'rotate:farm-access-code:any': ['farm_store'],
  /** The farm's one name, set in Settings (decision 067). */
  'update:farm-name:any': ['farm_store'],
  /** The produce types and qualities an offer chooses from (decision 068): suppliers read, Settings sets. */
  'read:produce-lists:any': ['farm_store', 'supplier'],
  'update:produce-lists:any': ['farm_store'],
  /** The farm's usual crates per labelled stack of a delivery (decision 073), in Settings. */
  'read:stack-size:any': ['farm_store'],
  'update:stack-size:any': ['farm_store'],
  /** The audit trail (decision 027): Settings → Activity and its CSV. */
  'read:audit:any': ['farm_store'],
  /** CSV exports of transmissions, clients and loans (decision 049): the farm store every agent's, an agent its own. */
  'read:export:own': ['farm_store', 'market_agent'],
  /** CSV exports of billing lines, payments and the crate ledger: the farm store's. */
  'read:export:any': ['farm_store'],
  /** Importing paper records (decision 050): agents, clients and opening balances from a CSV or XLSX file. */
  'import:records:any': ['farm_store'],
  'read:import:any': ['farm_store'],
  /** Stock takes (decision 051): the farm store starts, reads and resolves; an agent counts its own. */
  'create:stock-take:any': ['farm_store'],
  'read:stock-take:any': ['farm_store'],
  'resolve:stock-take:any': ['farm_store'],
  'read:stock-take:own': ['market_agent'],
  'submit:stock-take:own': ['market_agent'],
  /** Evidence photos (decision 053): the farm store on every record, an agent on its own; never a supplier. */
  'attach:evidence:own': ['farm_store', 'market_agent'],
  'read:evidence:own': ['farm_store', 'market_agent'],
  /** API tokens (decision 063): the farm store's read or write, an agent's read only (the service refuses write). */
  'read:api-token:own': ['farm_store', 'market_agent'],
  'manage:api-token:own': ['farm_store', 'market_agent'],
  /** Webhook endpoints and their deliveries (decision 063): the farm store's. */
  'read:webhook:any': ['farm_store'],
  'manage:webhook:any': ['farm_store'],
  /** Monthly crate statements (decision 064): the farm store issues and resolves; an agent answers its own. */
  'issue:balance-statement:any': ['farm_store'],
  'read:balance-statement:own': ['farm_store', 'market_agent'],
  'answer:balance-statement:own': ['market_agent'],
  'resolve:balance-statement:any': ['farm_store'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof table;

export function roleHasPermission(role: Role, permission: Permission): boolean {
  return (table[permission] as readonly Role[]).includes(role);
}

export function userHasPermission(user: { role: Role } | null | undefined, permission: Permission): boolean {
  return !!user && roleHasPermission(user.role, permission);
}
