// The count dialog behind 'Acknowledge Receipt': the recipient counts the crates and confirms the
// actual quantity (spec §4, §5), prefilled with the quantity sent.
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { countText, transmissionMessages as m, type Transmission } from '../../../../shared/transmissions.ts';
import { formatCount } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAcknowledgeTransmission } from '../api/acknowledge-transmission.ts';
import { failureMessage } from '../api/failure-message.ts';

/** The counted quantity, or null when it is not a non-negative whole number. */
export function parseCount(text: string): number | null {
  if (text.trim() === '') return null;
  const parsed = countText.safeParse(text);
  return parsed.success ? parsed.data : null;
}

export function AcknowledgeDialog({ transmission, onClose }: { transmission: Transmission; onClose: () => void }) {
  const acknowledge = useAcknowledgeTransmission();
  const [text, setText] = useState(String(transmission.quantity));
  const [error, setError] = useState<string | null>(null);
  const count = parseCount(text);
  const difference = count === null ? null : count - transmission.quantity;

  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
    if (count === null) {
      setError(m.invalidQuantity);
      return;
    }
    acknowledge.mutate(
      { id: transmission.id, actualQuantity: count },
      {
        onSuccess: () => {
          notifySuccess(m.acknowledged);
          onClose();
        },
        onError: (err) => notifyError(failureMessage(err, m.acknowledgeFailed)),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Count and Acknowledge" centered>
      <form onSubmit={confirm} noValidate>
        <Stack>
          <Text size="sm">
            {transmission.fromName} sent <strong>{formatCount(transmission.quantity)} crates</strong>. Count what
            arrived and confirm the number.
          </Text>
          <TextInput
            label="Crates counted"
            inputMode="numeric"
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          {difference !== null && difference !== 0 && (
            <Alert color="orange" variant="light" p="sm">
              {difference < 0
                ? `${formatCount(-difference)} short of the ${formatCount(transmission.quantity)} sent.`
                : `${formatCount(difference)} more than the ${formatCount(transmission.quantity)} sent.`}{' '}
              The difference will be flagged for the farm store.
            </Alert>
          )}
          {difference === 0 && (
            <Text size="sm" c="green.8">
              Matches the quantity sent: the transmission will be verified.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={acknowledge.isPending}>
              Confirm Count
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
