// The dispute dialog, loaded when it is first wanted (decision 031): its schema (zod), quantity field
// and photo shrinking stay off the agent dashboard's first paint. The Dispute button starts the
// download as a finger or pointer reaches it, so it is usually in by the time the tap lands.
import { Suspense } from 'react';
import type { BalanceStatement } from '../../../../shared/balance-statements.ts';
import { lazyComponent } from '../../../lib/lazy-component.tsx';

const Dialog = lazyComponent(() => import('./dispute-dialog.tsx').then((m) => m.DisputeDialog));

/** Starts loading the dialog's code (idempotent). */
const preloadDisputeDialog = () => {
  Dialog.preload().catch(() => undefined);
};

/** What the Dispute button passes on: the download starts on hover, touch or focus. */
export const disputeIntent = {
  onPointerEnter: preloadDisputeDialog,
  onPointerDown: preloadDisputeDialog,
  onFocus: preloadDisputeDialog,
};

export function DisputeDialog(props: { statement: BalanceStatement; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
