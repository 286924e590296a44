// The domain tags that name what data changed (DESIGN §6): the server's change events carry them and
// the client invalidates the queries tagged with them. One list, used by both sides.
export const changeTags = [
  'transmissions',
  'crates',
  'clients',
  'billing',
  'suppliers',
  'users',
  'pricing',
  'contact',
  /** E-mails queued or delivered (the farm store's outbox). */
  'outbox',
] as const;

export type ChangeTag = (typeof changeTags)[number];

export const isChangeTag = (value: unknown): value is ChangeTag =>
  typeof value === 'string' && (changeTags as readonly string[]).includes(value);
