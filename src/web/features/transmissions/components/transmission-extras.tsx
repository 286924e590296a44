// What the app shows under a disputed transmission beside its figures — a flagged count, or returned
// empties with damaged crates (decision 053: their photos). Features do not import each other, so the
// app route provides it; without it, nothing.
import { createContext, type ReactNode, useContext } from 'react';
import type { Transmission } from '../../../../shared/transmissions.ts';

export const FlaggedTransmissionExtra = createContext<((t: Transmission) => ReactNode) | null>(null);

/**
 * The app's extra for a flagged or damaged transmission (nothing for any other). In the history
 * (`inHistory`) not for one the viewer may still resolve: the Flagged Differences card shows it.
 */
export function FlaggedExtra({
  transmission: t,
  inHistory = false,
}: {
  transmission: Transmission;
  inHistory?: boolean;
}) {
  const extra = useContext(FlaggedTransmissionExtra);
  if (!(t.isFlagged || t.damagedQuantity > 0) || !extra || (inHistory && t.canResolve)) return null;
  return extra(t);
}
