// What the app shows under a flagged transmission beside its figures (decision 053: the photos of the
// count). Features do not import each other, so the app route provides it; without it, nothing.
import { createContext, type ReactNode, useContext } from 'react';
import type { Transmission } from '../../../../shared/transmissions.ts';

export const FlaggedTransmissionExtra = createContext<((t: Transmission) => ReactNode) | null>(null);

/**
 * The app's extra for a flagged transmission (nothing for one that is not flagged). In the history
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
  if (!t.isFlagged || !extra || (inHistory && t.canResolve)) return null;
  return extra(t);
}
