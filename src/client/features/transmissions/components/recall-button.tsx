// "Recall" on a still-pending transmission its sender may take back (docs/decisions/012).
import { Button } from '@mantine/core';
import { transmissionMessages as m, type Transmission } from '../../../../shared/transmissions.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { failureMessage } from '../api/failure-message.ts';
import { useRecallTransmission } from '../api/recall-transmission.ts';

export function RecallButton({ transmission }: { transmission: Transmission }) {
  const recall = useRecallTransmission();
  return (
    <Button
      variant="default"
      size="sm"
      loading={recall.isPending}
      aria-label={`${m.recallButton} ${transmission.quantity} crates to ${transmission.toName}`}
      onClick={() =>
        recall.mutate(transmission.id, {
          onSuccess: () => notifySuccess(m.recalled),
          onError: (err) => notifyError(failureMessage(err, m.recallFailed)),
        })
      }
    >
      {m.recallButton}
    </Button>
  );
}
