// The dispute dialog, loaded when it is first wanted (decision 031): its schema (zod), quantity field
// and photo shrinking stay off the agent dashboard's first paint; the Dispute button spreads
// `disputeIntent` to start the download before the tap lands.
import type { BalanceStatement } from '../../../../shared/balance-statements.ts';
import { lazyDialog } from '../../../lib/lazy-component.tsx';

const lazy = lazyDialog<{
  statement: BalanceStatement;
  onClose: () => void;
}>(() => import('./dispute-dialog.tsx').then((m) => m.DisputeDialog));

export const DisputeDialog = lazy.Dialog;
export const disputeIntent = lazy.intent;
