// The count dialog, loaded when it is first wanted (decision 033): its checks and quantity field
// (zod, the number input) stay off the dashboard's first paint; the button that opens it spreads
// `acknowledgeIntent` to start the download before the tap lands.
import type { Transmission } from '../../../../shared/transmissions.ts';
import { lazyDialog } from '../../../lib/lazy-component.tsx';

const lazy = lazyDialog<{
  transmission: Transmission;
  stacks?: number[];
  onClose: () => void;
}>(() => import('./acknowledge-dialog.tsx').then((m) => m.AcknowledgeDialog));

export const AcknowledgeDialog = lazy.Dialog;
export const acknowledgeIntent = lazy.intent;
