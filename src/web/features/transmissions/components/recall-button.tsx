// "Recall" on a still-pending transmission its sender may take back (docs/decisions/012), after a
// confirmation that says how many crates go back where (decision 039).
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { transmissionMessages as m } from '../../../../shared/transmissions-labels.ts';
import { ConfirmDialog, destructiveButton } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRecallTransmission } from '../api/recall-transmission.ts';

/** Where a recalled transmission's crates go (DESIGN §4: from transit back where they came from). */
export function recallConsequence(t: Transmission): string {
  const n = crates(t.quantity);
  if (t.type === 'farm_to_market')
    return `${n} will be back in the farm's stock. ${t.toName} will no longer see this delivery to acknowledge.`;
  if (t.type === 'market_to_farm')
    return `${n} will be back with ${t.agentName ?? t.fromName} as empty crates. ${t.toName} will no longer see this delivery to acknowledge.`;
  return `The request for ${n} is withdrawn; no crates move. Ask again with a new request if you still need them.`;
}

export function RecallButton({ transmission: t }: { transmission: Transmission }) {
  const recall = useRecallTransmission();
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setConfirming(false);
    recall.reset();
  };
  return (
    <>
      <Button
        {...destructiveButton}
        size="sm"
        aria-label={`${m.recallButton} ${crates(t.quantity)} to ${t.toName}`}
        onClick={() => setConfirming(true)}
      >
        {m.recallButton}
      </Button>
      {confirming && (
        <ConfirmDialog
          title="Recall delivery"
          confirmLabel={`${m.recallButton} ${crates(t.quantity)}`}
          destructive
          loading={recall.isPending}
          onClose={close}
          onConfirm={() =>
            recall.mutate(t.id, {
              onSuccess: () => {
                notifySuccess(m.recalled);
                setConfirming(false);
              },
              onError: (err) => notifyError(errorMessage(err, m.recallFailed)),
            })
          }
          error={<FormError error={recall.error} fallback={m.recallFailed} />}
        >
          <Text fw={600}>
            Recall {crates(t.quantity)} from {t.fromName} to {t.toName}?
          </Text>
          <Text size="sm">{recallConsequence(t)}</Text>
        </ConfirmDialog>
      )}
    </>
  );
}
