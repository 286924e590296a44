// Suppliers as other features see them: the caller's own record and the crates issued to it.
import type { Executor } from '../../db/client.ts';
import { supplierBalance } from '../crates/balances.ts';
import { findSupplierByUserId } from './repository.ts';

export { findSupplierByUserId };

/** Crates issued to the supplier behind this user and not yet back (0 without a supplier record). */
export async function cratesOfSupplierUser(db: Executor, userId: number): Promise<number> {
  const supplier = await findSupplierByUserId(db, userId);
  return supplier ? supplierBalance(db, supplier.id) : 0;
}
