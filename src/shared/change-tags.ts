// The domain tags that name what data changed (DESIGN §6): the server's change events carry them and
// the client invalidates the queries tagged with them. One list, used by both sides.
/**
 * The farm's records: what most reads depend on (the server caches them under these, `FARM_DATA` in
 * lib/route-options.ts). Not messages or the outbox.
 */
export const farmRecordTags = [
  'transmissions',
  'crates',
  'clients',
  'billing',
  'suppliers',
  'users',
  'pricing',
] as const;

export const changeTags = [
  ...farmRecordTags,
  'contact',
  /** E-mails queued or delivered (the farm store's outbox). */
  'outbox',
  /** API tokens, webhooks and their deliveries (decision 063). */
  'integrations',
] as const;

export type ChangeTag = (typeof changeTags)[number];

export const isChangeTag = (value: unknown): value is ChangeTag =>
  typeof value === 'string' && (changeTags as readonly string[]).includes(value);
