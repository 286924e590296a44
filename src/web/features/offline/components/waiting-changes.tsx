// The changes waiting on the phone (decision 036), in the order they will be sent: what, for
// whom, how many crates, when it was made, and where it stands. A change that never left the phone can
// be edited or cancelled for good; one the server refused can be tried again, edited or cancelled, and
// the changes after it wait for that choice; one that went out without an answer can only be sent again
// (with its key, so it is booked at most once).
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { createClientBody } from '../../../../shared/clients.ts';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { crates, formatDateTime, fromNow } from '../../../lib/format.ts';
import { COUNT_FIELD, type QueuedChange } from '../../../lib/offline/changes.ts';
import { useQueueStatus } from '../../../lib/offline/status.ts';

const runtime = () => import('../../../lib/offline/runtime.ts');

type Standing = 'sending' | 'refused' | 'maybe-sent' | 'behind-refusal' | 'waiting';

function standingOf(change: QueuedChange, sendingId: string | null, refusedBefore: boolean): Standing {
  if (change.id === sendingId) return 'sending';
  if (change.refusal) return 'refused';
  if (change.attempted) return 'maybe-sent';
  return refusedBefore ? 'behind-refusal' : 'waiting';
}

const STANDING_TEXT: Record<Exclude<Standing, 'refused'>, string> = {
  sending: 'Sending…',
  'maybe-sent':
    'Sent once, but no answer came back: it will be confirmed when the connection is back. It may already be booked, so it can no longer be cancelled.',
  'behind-refusal': 'Waits for your choice on the change above.',
  waiting: 'Waiting to send.',
};

export function WaitingChanges({ onClose }: { onClose: () => void }) {
  const { changes, sendingId } = useQueueStatus();
  return (
    <Modal opened onClose={onClose} title="Changes waiting to send" centered>
      {changes.length === 0 ? (
        <Text size="sm">Nothing is waiting: every change made on this phone was sent.</Text>
      ) : (
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {changes.map((change, i) => (
            <WaitingChange
              key={change.id}
              change={change}
              standing={standingOf(
                change,
                sendingId,
                changes.slice(0, i).some((c) => c.refusal),
              )}
            />
          ))}
        </Stack>
      )}
    </Modal>
  );
}

// Long: one waiting change's card: what it is, where it stands, and the choices it offers (cancel, edit, retry).
function WaitingChange({ change, standing }: { change: QueuedChange; standing: Standing }) {
  const [mode, setMode] = useState<'view' | 'confirm-cancel' | 'edit'>('view');
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canChange = standing === 'waiting' || standing === 'behind-refusal' || standing === 'refused';

  const act = async (action: () => Promise<{ kind: string }>) => {
    setBusy(true);
    setNote(null);
    try {
      const outcome = await action();
      if (outcome.kind === 'gone') setNote('It had already been sent.');
      else if (outcome.kind === 'maybe-sent')
        setNote('It may already have reached the farm: it can no longer be changed.');
      else setMode('view');
    } finally {
      setBusy(false);
    }
  };

  return (
    <li data-testid="waiting-change">
      <Stack gap={4} p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {change.what}
          {change.crates === null ? '' : `: ${crates(change.crates)}`}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          For {change.who}
        </Text>
        <Text size="xs" c="dimmed">
          Made {formatDateTime(new Date(change.queuedAt))} ({fromNow(new Date(change.queuedAt))})
        </Text>
        {standing === 'refused' ? (
          <Alert color="red" variant="light" p="xs" data-testid="waiting-change-refusal">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Not accepted: {change.refusal?.message}
            </Text>
          </Alert>
        ) : (
          <Text size="sm" c={standing === 'maybe-sent' ? 'orange.9' : undefined} data-testid="waiting-change-standing">
            {STANDING_TEXT[standing]}
          </Text>
        )}
        {note && (
          <Text size="sm" c="red.9" role="alert">
            {note}
          </Text>
        )}
        {mode === 'edit' && (
          <EditChange
            change={change}
            onCancel={() => setMode('view')}
            onSave={(body, label) => act(async () => (await runtime()).editChange(change.id, body, label))}
          />
        )}
        {mode === 'confirm-cancel' && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Cancel this change for good? It will not be sent.
            </Text>
            <Group gap="xs">
              <Button
                color="red"
                loading={busy}
                onClick={() => void act(async () => (await runtime()).cancelChange(change.id))}
              >
                Yes, cancel it
              </Button>
              <Button variant="default" onClick={() => setMode('view')}>
                Keep it
              </Button>
            </Group>
          </Stack>
        )}
        {mode === 'view' && canChange && (
          <Group gap="xs">
            {standing === 'refused' && (
              <Button loading={busy} onClick={() => void act(async () => (await runtime()).retryChange(change.id))}>
                Try again
              </Button>
            )}
            {/* A photo is attached or cancelled, not edited (decision 061). */}
            {change.kind !== 'attach-photo' && (
              <Button variant="light" onClick={() => setMode('edit')}>
                Edit
              </Button>
            )}
            <Button variant="default" color="red" onClick={() => setMode('confirm-cancel')}>
              Cancel change
            </Button>
          </Group>
        )}
      </Stack>
    </li>
  );
}

type Save = (body: Record<string, unknown>, label: { crates?: number | null; who?: string }) => Promise<void>;

function EditChange({ change, onCancel, onSave }: { change: QueuedChange; onCancel: () => void; onSave: Save }) {
  const field = COUNT_FIELD[change.kind];
  if (field) return <EditCount change={change} field={field} onCancel={onCancel} onSave={onSave} />;
  return <EditClient change={change} onCancel={onCancel} onSave={onSave} />;
}

/** A new count of crates: a whole number, 0 or more for a count of a delivery, 1 or more otherwise. */
function EditCount({
  change,
  field,
  onCancel,
  onSave,
}: {
  change: QueuedChange;
  field: string;
  onCancel: () => void;
  onSave: Save;
}) {
  const min = change.kind === 'acknowledge' ? 0 : 1;
  const [value, setValue] = useState<number | string>(change.crates ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const count = typeof value === 'number' ? value : Number.NaN;
    if (!Number.isInteger(count) || count < min) {
      setError(min === 0 ? 'Enter a whole number of crates, 0 or more' : 'Enter a whole number of crates, 1 or more');
      return;
    }
    void onSave({ [field]: count }, { crates: count });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${change.what.toLowerCase()}`}>
      <Stack gap="xs">
        <QuantityInput label="Crates" min={min} value={value} onChange={setValue} error={error} data-autofocus />
        <EditActions onCancel={onCancel} />
      </Stack>
    </form>
  );
}

/** A client's details (and, for an edit, the Active flag), checked by the shared schema. */
function EditClient({ change, onCancel, onSave }: { change: QueuedChange; onCancel: () => void; onSave: Save }) {
  const body = change.body as Record<string, string | boolean | undefined>;
  const [values, setValues] = useState({
    businessName: String(body.businessName ?? ''),
    clientName: String(body.clientName ?? ''),
    contactNumber: String(body.contactNumber ?? ''),
  });
  const [isActive, setIsActive] = useState(body.isActive !== false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createClientBody.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    const who =
      change.kind === 'add-client'
        ? `${parsed.data.businessName} (${parsed.data.clientName})`
        : parsed.data.businessName;
    void onSave(change.kind === 'edit-client' ? { ...parsed.data, isActive } : parsed.data, { who });
  };
  const input = (name: keyof typeof values, label: string) => (
    <TextInput
      label={label}
      value={values[name]}
      error={errors[name]}
      onChange={(event) => setValues({ ...values, [name]: event.currentTarget.value })}
    />
  );
  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${change.what.toLowerCase()}`}>
      <Stack gap="xs">
        {input('businessName', 'Business name')}
        {input('clientName', 'Client name')}
        {input('contactNumber', 'Contact number')}
        {change.kind === 'edit-client' && (
          <Checkbox
            label="Active (can borrow crates)"
            checked={isActive}
            onChange={(event) => setIsActive(event.currentTarget.checked)}
          />
        )}
        <EditActions onCancel={onCancel} />
      </Stack>
    </form>
  );
}

/** An edit's two buttons: send the change as edited, or go back to the list. */
function EditActions({ onCancel }: { onCancel: () => void }) {
  return (
    <Group gap="xs">
      <Button type="submit">Save and send</Button>
      <Button variant="default" onClick={onCancel}>
        Back
      </Button>
    </Group>
  );
}
