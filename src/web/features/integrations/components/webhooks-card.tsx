// Settings → Webhooks (decision 063): the farm store's endpoints, a new one with its signing secret
// shown once, a test delivery, each endpoint's recent deliveries with a resend, and deleting one after
// a confirmation.
import { Button, Card, Checkbox, Group, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import {
  type Delivery,
  type Webhook,
  type WebhookEvent,
  webhookBody,
  webhookEvents,
} from '../../../../shared/integrations.ts';
import { ConfirmDialog, destructiveButton } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QueryList } from '../../../components/list-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useResendDelivery,
  useTestWebhook,
  useWebhooks,
} from '../api.ts';
import { fieldErrors, ShownOnce } from './shown-once.tsx';

/** An event's name's key in the catalogue: 'loan.created' → 'integrations.eventLoanCreated'. */
const eventKey = (event: WebhookEvent) =>
  `integrations.event${event
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}`;

export function WebhooksCard() {
  const t = useT();
  const hooks = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="webhooks-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="webhooks-title">
          {t('integrations.webhooks')}
        </Title>
        <Text size="sm">{t('integrations.webhooksIntro')}</Text>
        {secret ? (
          <ShownOnce label={t('integrations.signingSecret')} value={secret} onDone={() => setSecret(null)} />
        ) : (
          <NewWebhookForm onCreated={setSecret} />
        )}
        <QueryList
          query={hooks}
          skeletonHeight={60}
          failed={t('integrations.webhooksFailed')}
          empty={t('integrations.noWebhooks')}
        >
          {(rows) => (
            <Stack gap="sm" component="ul" p={0} style={{ listStyle: 'none' }} aria-label={t('integrations.webhooks')}>
              {rows.map((hook) => (
                <li key={hook.id}>
                  <WebhookItem hook={hook} onDelete={() => setDeleting(hook)} />
                </li>
              ))}
            </Stack>
          )}
        </QueryList>
      </Stack>
      {deleting && <DeleteDialog hook={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}

function NewWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const t = useT();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = webhookBody.safeParse({ url, events });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        notifySuccess(translate('integrations.webhookAdded'));
        setUrl('');
        setEvents([]);
        onCreated(answer.secret);
      },
      onError: (error) => notifyError(errorMessage(error, translate('integrations.addFailed'))),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('integrations.newWebhook')}>
      <Stack gap="sm" maw={560}>
        <TextInput
          label={t('integrations.address')}
          placeholder="https://example.com/cratekeeper" // i18n-ignore: an address
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={errors.url}
          inputMode="url"
        />
        <Checkbox.Group label={t('integrations.events')} value={events} onChange={setEvents} error={errors.events}>
          <Stack gap="xs" mt="xs">
            {webhookEvents.map((e) => (
              <Checkbox
                key={e}
                value={e}
                label={t('integrations.eventChoice', { label: t(eventKey(e as WebhookEvent)), event: e })}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <FormError error={create.error} fallback={t('integrations.addFailed')} />
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('integrations.addWebhook')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function WebhookItem({ hook, onDelete }: { hook: Webhook; onDelete: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const test = useTestWebhook();
  return (
    <Card withBorder padding="sm" radius="sm">
      <Stack gap="xs">
        <Text fw={600} style={{ wordBreak: 'break-all' }}>
          {hook.url}
        </Text>
        <Text size="sm">{hook.events.join(', ')}</Text>
        <Group gap="xs">
          <Button
            variant="light"
            loading={test.isPending}
            onClick={() =>
              test.mutate(hook.id, {
                onSuccess: () => notifySuccess(translate('integrations.testQueued')),
                onError: (error) => notifyError(errorMessage(error, translate('integrations.testFailed'))),
              })
            }
          >
            {t('integrations.sendTest')}
          </Button>
          <Button variant="default" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? t('integrations.hideDeliveries') : t('integrations.recentDeliveries')}
          </Button>
          <Button
            {...destructiveButton}
            onClick={() => {
              // Closed first: once the endpoint is gone its deliveries are 404.
              setOpen(false);
              onDelete();
            }}
          >
            {t('integrations.delete')}
          </Button>
        </Group>
        {open && <Deliveries hookId={hook.id} />}
      </Stack>
    </Card>
  );
}

const statusColour: Record<Delivery['status'], string> = { pending: 'dark', delivered: 'green.9', failed: 'red.9' };

/** One delivery: its event, status, answer code, last attempt and attempts, and its Resend button. */
function DeliveryRow({ delivery: d, onResend }: { delivery: Delivery; onResend: () => void }) {
  const t = useT();
  return (
    <Table.Tr>
      <Table.Td>{d.eventType}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" fw={600} c={statusColour[d.status]}>
          {d.status}
        </Text>
      </Table.Td>
      <Table.Td>{d.lastStatusCode ?? (d.lastError ? t('integrations.noCode') : '—')}</Table.Td>
      <Table.Td>{formatDateTime(d.lastAttemptAt ?? d.createdAt)}</Table.Td>
      <Table.Td>{d.attempts}</Table.Td>
      <Table.Td>
        <Button
          variant="light"
          aria-label={t('integrations.resendLabel', { event: d.eventType, id: d.deliveryId })}
          onClick={onResend}
        >
          {t('integrations.resend')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function Deliveries({ hookId }: { hookId: number }) {
  const t = useT();
  const deliveries = useDeliveries(hookId);
  const resend = useResendDelivery();
  const resendOne = (d: Delivery) =>
    resend.mutate(
      { id: hookId, deliveryId: d.id },
      {
        onSuccess: () => notifySuccess(translate('integrations.resent')),
        onError: (error) => notifyError(errorMessage(error, translate('integrations.resendFailed'))),
      },
    );
  return (
    <QueryList
      query={deliveries}
      skeletonHeight={40}
      failed={t('integrations.deliveriesFailed')}
      empty={t('integrations.noDeliveries')}
    >
      {(rows) => (
        <Table.ScrollContainer minWidth={520}>
          <Table striped aria-label={t('integrations.recentDeliveries')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('integrations.event')}</Table.Th>
                <Table.Th>{t('integrations.status')}</Table.Th>
                <Table.Th>{t('integrations.code')}</Table.Th>
                <Table.Th>{t('integrations.time')}</Table.Th>
                <Table.Th>{t('integrations.attempts')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('integrations.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <DeliveryRow key={d.id} delivery={d} onResend={() => resendOne(d)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryList>
  );
}

function DeleteDialog({ hook, onClose }: { hook: Webhook; onClose: () => void }) {
  const t = useT();
  const remove = useDeleteWebhook();
  return (
    <ConfirmDialog
      title={t('integrations.deleteWebhook')}
      confirmLabel={t('integrations.deleteWebhook')}
      destructive
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(hook.id, {
          onSuccess: () => {
            notifySuccess(translate('integrations.webhookDeleted'));
            onClose();
          },
          onError: (error) => notifyError(errorMessage(error, translate('integrations.deleteFailed'))),
        })
      }
      error={<FormError error={remove.error} fallback={t('integrations.deleteFailed')} />}
    >
      <Text style={{ wordBreak: 'break-all' }}>{t('integrations.deleteConfirm', { url: hook.url })}</Text>
    </ConfirmDialog>
  );
}
