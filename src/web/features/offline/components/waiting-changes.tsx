// The changes waiting on the phone (decision 036), in the order they will be sent: what, for
// whom, how many crates, when it was made, and where it stands. A change that never left the phone can
// be edited or cancelled for good; one the server refused can be tried again, edited or cancelled, and
// the changes after it wait for that choice; one that went out without an answer can only be sent again
// (with its key, so it is booked at most once).
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { createClientBody } from '../../../../shared/clients.ts';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { formatDateTime, fromNow } from '../../../lib/format.ts';
import { translateEnglish } from '../../../lib/i18n/english-messages.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { changeAction, changeWhat, changeWho } from '../../../lib/offline/change-words.ts';
import { COUNT_FIELD, type QueuedChange } from '../../../lib/offline/changes.ts';
import { useQueueStatus } from '../../../lib/offline/status.ts';

const runtime = () => import('../../../lib/offline/runtime.ts');

type Action = () => Promise<{ kind: string }>; // i18n-ignore: a type

type Standing = 'sending' | 'refused' | 'maybe-sent' | 'behind-refusal' | 'waiting';

function standingOf(change: QueuedChange, sendingId: string | null, refusedBefore: boolean): Standing {
  if (change.id === sendingId) return 'sending';
  if (change.refusal) return 'refused';
  if (change.attempted) return 'maybe-sent';
  return refusedBefore ? 'behind-refusal' : 'waiting';
}

const STANDING_TEXT: Record<Exclude<Standing, 'refused'>, string> = {
  sending: 'offline.standingSending',
  'maybe-sent': 'offline.standingMaybeSent',
  'behind-refusal': 'offline.standingBehind',
  waiting: 'offline.standingWaiting',
};

export function WaitingChanges({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { changes, sendingId } = useQueueStatus();
  return (
    <Modal opened onClose={onClose} title={t('offline.waitingTitle')} centered>
      {changes.length === 0 ? (
        <Text size="sm">{t('offline.nothingWaiting')}</Text>
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
  const t = useT();
  const [mode, setMode] = useState<'view' | 'confirm-cancel' | 'edit'>('view');
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canChange = standing === 'waiting' || standing === 'behind-refusal' || standing === 'refused';

  const act = async (action: Action) => {
    setBusy(true);
    setNote(null);
    try {
      const outcome = await action();
      if (outcome.kind === 'gone') setNote(t('offline.alreadySent'));
      else if (outcome.kind === 'maybe-sent') setNote(t('offline.mayHaveReached'));
      else setMode('view');
    } finally {
      setBusy(false);
    }
  };

  return (
    <li data-testid="waiting-change">
      <Stack gap={4} p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {changeWhat(change)}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('offline.forWho', { who: changeWho(change) })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('offline.madeAt', {
            at: formatDateTime(new Date(change.queuedAt)),
            ago: fromNow(new Date(change.queuedAt)),
          })}
        </Text>
        {standing === 'refused' ? (
          <Alert color="red" variant="light" p="xs" data-testid="waiting-change-refusal">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('offline.notAccepted', { message: translateEnglish(change.refusal?.message ?? '') })}
            </Text>
          </Alert>
        ) : (
          <Text size="sm" c={standing === 'maybe-sent' ? 'orange.9' : undefined} data-testid="waiting-change-standing">
            {t(STANDING_TEXT[standing])}
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
              {t('offline.cancelQuestion')}
            </Text>
            <Group gap="xs">
              <Button
                color="red"
                loading={busy}
                onClick={() => void act(async () => (await runtime()).cancelChange(change.id))}
              >
                {t('offline.yesCancel')}
              </Button>
              <Button variant="default" onClick={() => setMode('view')}>
                {t('offline.keepIt')}
              </Button>
            </Group>
          </Stack>
        )}
        {mode === 'view' && canChange && (
          <Group gap="xs">
            {standing === 'refused' && (
              <Button loading={busy} onClick={() => void act(async () => (await runtime()).retryChange(change.id))}>
                {t('offline.tryAgain')}
              </Button>
            )}
            {/* A photo is attached or cancelled, not edited (decision 061). */}
            {change.kind !== 'attach-photo' && (
              <Button variant="light" onClick={() => setMode('edit')}>
                {t('offline.edit')}
              </Button>
            )}
            <Button variant="default" color="red" onClick={() => setMode('confirm-cancel')}>
              {t('offline.cancelChange')}
            </Button>
          </Group>
        )}
      </Stack>
    </li>
  );
}

type Label = { crates?: number | null; who?: string };
type Save = (body: Record<string, unknown>, label: Label) => Promise<void>; // i18n-ignore: a type

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
  const t = useT();
  const min = change.kind === 'acknowledge' ? 0 : 1;
  const [value, setValue] = useState<number | string>(change.crates ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const count = typeof value === 'number' ? value : Number.NaN;
    if (!Number.isInteger(count) || count < min) {
      setError(t('offline.wholeCrates', { min }));
      return;
    }
    void onSave({ [field]: count }, { crates: count });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('offline.editLabel', { what: changeAction(change).toLowerCase() })}
    >
      <Stack gap="xs">
        <QuantityInput
          label={t('offline.crates')}
          min={min}
          value={value}
          onChange={setValue}
          error={error}
          data-autofocus
        />
        <EditActions onCancel={onCancel} />
      </Stack>
    </form>
  );
}

/** A client's details (and, for an edit, the Active flag), checked by the shared schema. */
function EditClient({ change, onCancel, onSave }: { change: QueuedChange; onCancel: () => void; onSave: Save }) {
  const t = useT();
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
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), translateEnglish(issue.message)]),
        ),
      );
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
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('offline.editLabel', { what: changeAction(change).toLowerCase() })}
    >
      <Stack gap="xs">
        {input('businessName', t('offline.businessName'))}
        {input('clientName', t('offline.clientName'))}
        {input('contactNumber', t('offline.contactNumber'))}
        {change.kind === 'edit-client' && (
          <Checkbox
            label={t('offline.activeCanBorrow')}
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
  const t = useT();
  return (
    <Group gap="xs">
      <Button type="submit">{t('offline.saveAndSend')}</Button>
      <Button variant="default" onClick={onCancel}>
        {t('common.back')}
      </Button>
    </Group>
  );
}
