// The count dialog, loaded when it is first wanted (decision 033): its checks and quantity field
// (zod, the number input) stay off the dashboard's first paint. The button that opens it starts the
// download as a finger or pointer reaches it, so it is usually in by the time the tap lands.
import { Suspense } from 'react';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { lazyComponent } from '../../../lib/lazy-component.tsx';

const Dialog = lazyComponent(() => import('./acknowledge-dialog.tsx').then((m) => m.AcknowledgeDialog));

/** Starts loading the dialog's code (idempotent). */
export const preloadAcknowledgeDialog = () => {
  Dialog.preload().catch(() => undefined);
};

/** What the button that opens the dialog passes on: the download starts on hover, touch or focus. */
export const acknowledgeIntent = {
  onPointerEnter: preloadAcknowledgeDialog,
  onPointerDown: preloadAcknowledgeDialog,
  onFocus: preloadAcknowledgeDialog,
};

export function AcknowledgeDialog(props: { transmission: Transmission; stacks?: number[]; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
