// A change kept on the phone, said where its record is shown (decision 036): "Lend crates: 5 crates —
// waiting to send", so the agent sees at once what they did while offline, and nothing pretends the
// server has booked it yet.
import { Text } from '@mantine/core';
import { crates } from '../lib/format.ts';
import type { QueuedChange } from '../lib/offline/changes.ts';
import { useQueuedFor } from '../lib/offline/status.ts';

export const queuedText = (change: QueuedChange) =>
  `${change.what}${change.crates === null ? '' : `: ${crates(change.crates)}`} — ${change.refusal ? 'not accepted, see waiting changes' : 'waiting to send'}`;

export function QueuedNote({ subject }: { subject: { transmissionId?: number; clientId?: number; loanId?: number } }) {
  const changes = useQueuedFor(subject);
  if (changes.length === 0) return null;
  return (
    <>
      {changes.map((change) => (
        <Text key={change.id} size="sm" fw={600} c={change.refusal ? 'red.9' : 'orange.9'} data-testid="queued-note">
          {queuedText(change)}
        </Text>
      ))}
    </>
  );
}
