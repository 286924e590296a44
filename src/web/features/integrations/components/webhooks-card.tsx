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
  webhookEventLabels,
  webhookEvents,
} from '../../../../shared/integrations.ts';
import { ConfirmDialog, destructiveButton } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QueryList } from '../../../components/list-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
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

export function WebhooksCard() {
  const hooks = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="webhooks-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="webhooks-title">
          Webhooks
        </Title>
        <Text size="sm">
          Tell another system at once when something happens: Cratekeeper posts each event to its address, signed with a
          secret (see docs/api.md).
        </Text>
        {secret ? (
          <ShownOnce label="The webhook’s signing secret" value={secret} onDone={() => setSecret(null)} />
        ) : (
          <NewWebhookForm onCreated={setSecret} />
        )}
        <QueryList query={hooks} skeletonHeight={60} failed="Failed to load webhooks" empty="No webhooks yet">
          {(rows) => (
            <Stack gap="sm" component="ul" p={0} style={{ listStyle: 'none' }} aria-label="Webhooks">
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
        notifySuccess('Webhook added');
        setUrl('');
        setEvents([]);
        onCreated(answer.secret);
      },
      onError: (error) => notifyError(errorMessage(error, 'Failed to add the webhook')),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="New webhook">
      <Stack gap="sm" maw={560}>
        <TextInput
          label="Address"
          placeholder="https://example.com/cratekeeper"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={errors.url}
          inputMode="url"
        />
        <Checkbox.Group label="Events" value={events} onChange={setEvents} error={errors.events}>
          <Stack gap="xs" mt="xs">
            {webhookEvents.map((e) => (
              <Checkbox key={e} value={e} label={`${webhookEventLabels[e as WebhookEvent]} (${e})`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <FormError error={create.error} fallback="Failed to add the webhook" />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Add webhook
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function WebhookItem({ hook, onDelete }: { hook: Webhook; onDelete: () => void }) {
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
                onSuccess: () => notifySuccess('Test delivery queued'),
                onError: (error) => notifyError(errorMessage(error, 'Failed to queue a test delivery')),
              })
            }
          >
            Send test
          </Button>
          <Button variant="default" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Hide deliveries' : 'Recent deliveries'}
          </Button>
          <Button
            {...destructiveButton}
            onClick={() => {
              // Closed first: once the endpoint is gone its deliveries are 404.
              setOpen(false);
              onDelete();
            }}
          >
            Delete
          </Button>
        </Group>
        {open && <Deliveries hookId={hook.id} />}
      </Stack>
    </Card>
  );
}

const statusColour: Record<Delivery['status'], string> = { pending: 'dark', delivered: 'green.9', failed: 'red.9' };

function Deliveries({ hookId }: { hookId: number }) {
  const deliveries = useDeliveries(hookId);
  const resend = useResendDelivery();
  return (
    <QueryList query={deliveries} skeletonHeight={40} failed="Failed to load deliveries" empty="No deliveries yet">
      {(rows) => (
        <Table.ScrollContainer minWidth={520}>
          <Table striped aria-label="Recent deliveries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Code</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{d.eventType}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" fw={600} c={statusColour[d.status]}>
                      {d.status}
                    </Text>
                  </Table.Td>
                  <Table.Td>{d.lastStatusCode ?? (d.lastError ? 'none' : '—')}</Table.Td>
                  <Table.Td>{formatDateTime(d.lastAttemptAt ?? d.createdAt)}</Table.Td>
                  <Table.Td>{d.attempts}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="light"
                      aria-label={`Resend ${d.eventType} delivery ${d.deliveryId}`}
                      onClick={() =>
                        resend.mutate(
                          { id: hookId, deliveryId: d.id },
                          {
                            onSuccess: () => notifySuccess('Delivery queued again'),
                            onError: (error) => notifyError(errorMessage(error, 'Failed to resend the delivery')),
                          },
                        )
                      }
                    >
                      Resend
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryList>
  );
}

function DeleteDialog({ hook, onClose }: { hook: Webhook; onClose: () => void }) {
  const remove = useDeleteWebhook();
  return (
    <ConfirmDialog
      title="Delete webhook"
      confirmLabel="Delete webhook"
      destructive
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(hook.id, {
          onSuccess: () => {
            notifySuccess('Webhook deleted');
            onClose();
          },
          onError: (error) => notifyError(errorMessage(error, 'Failed to delete the webhook')),
        })
      }
      error={<FormError error={remove.error} fallback="Failed to delete the webhook" />}
    >
      <Text style={{ wordBreak: 'break-all' }}>
        {hook.url} hears of nothing more, and the deliveries still waiting for it are dropped. This cannot be undone.
      </Text>
    </ConfirmDialog>
  );
}
