// "Recall" on a still-pending transmission its sender may take back (docs/decisions/012).
import { Button } from '@mantine/core';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { transmissionMessages as m } from '../../../../shared/transmissions-labels.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRecallTransmission } from '../api/recall-transmission.ts';

export function RecallButton({ transmission }: { transmission: Transmission }) {
  const recall = useRecallTransmission();
  return (
    <Button
      variant="default"
      size="sm"
      loading={recall.isPending}
      aria-label={`${m.recallButton} ${crates(transmission.quantity)} to ${transmission.toName}`}
      onClick={() =>
        recall.mutate(transmission.id, {
          onSuccess: () => notifySuccess(m.recalled),
          onError: (err) => notifyError(errorMessage(err, m.recallFailed)),
        })
      }
    >
      {m.recallButton}
    </Button>
  );
}
