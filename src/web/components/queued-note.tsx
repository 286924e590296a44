// A change kept on the phone, said where its record is shown (decision 036): "Lend crates: 5 crates —
// waiting to send", so the agent sees at once what they did while offline, and nothing pretends the
// server has booked it yet.
import { Text } from '@mantine/core';
import { t } from '../lib/i18n/language.ts';
import { useT } from '../lib/i18n/use-t.ts';
import { changeWhat } from '../lib/offline/change-words.ts';
import type { QueuedChange } from '../lib/offline/changes.ts';
import { useQueuedFor } from '../lib/offline/status.ts';

export const queuedText = (change: QueuedChange) =>
  t(change.refusal ? 'offline.noteRefused' : 'offline.noteWaiting', { what: changeWhat(change) });

export function QueuedNote({ subject }: { subject: { transmissionId?: number; clientId?: number; loanId?: number } }) {
  useT(); // says the notes again when the language changes
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
