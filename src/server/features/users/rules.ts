// What the farm store may do with an account on User Management (decision 022): one rule
// per action, a pure function. The service refuses with it, and every managed user in an answer states
// it as `canRemove`, `canRestore` and `canReset`, so the client shows only those buttons.
import type { Role } from '../../../shared/auth.ts';

type Account = { role: Role; isActive: boolean };

/** Farm store accounts are never managed here (spec §6). */
const managed = (user: Account) => user.role !== 'farm_store';

/** An active market agent or supplier can be removed (deactivated, its history kept). */
export const mayRemove = (user: Account) => managed(user) && user.isActive;

/** A removed market agent or supplier can be restored. */
export const mayRestore = (user: Account) => managed(user) && !user.isActive;

/** An active market agent or supplier can have its password reset (canReset). */
export const mayReset = (user: Account) => managed(user) && user.isActive;

export const actionsOnUser = (user: Account) => ({
  canRemove: mayRemove(user),
  canRestore: mayRestore(user),
  canReset: mayReset(user),
});
