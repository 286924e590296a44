// The market agent dashboard's clients with crates out above zero (spec §2), each with a return taken
// on the spot (PUT /api/client-transactions/{id}/return against its oldest open loan) and a WhatsApp
// reminder. Failures here are toasts, like the rest of the dashboard (spec §8).
import { Badge, Button, Card, Group, Modal, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Client, type ClientTransaction, clientMessages as m, returnBody } from '../../../../shared/clients.ts';
import { paths } from '../../../app/paths.ts';
import { FormError } from '../../../components/form-error.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { useMyAgent } from '../../../lib/api/get-my-agent.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useClients } from '../api/get-clients.ts';
import { getOpenTransactionsForClient } from '../api/get-open-transactions-for-client.ts';
import { useReturnCrates } from '../api/return-crates.ts';
import { ReminderButton } from './client-card.tsx';

export function ClientsWithCratesOut() {
  const clients = useClients();
  const me = useMyAgent();
  const [returning, setReturning] = useState<{ client: Client; loan: ClientTransaction } | null>(null);
  const [looking, setLooking] = useState<number | null>(null);
  const withCratesOut = (clients.data ?? []).filter((c) => c.outstandingCrates > 0);
  const from = me.data?.businessName || me.data?.agentName || 'your market agent';

  /** The client's oldest open loan, asked fresh; none: the spec's error toast. */
  const startReturn = async (client: Client) => {
    setLooking(client.id);
    try {
      const open = await getOpenTransactionsForClient(client.id);
      const oldest = open.at(-1);
      if (!oldest) notifyError(m.noOpenTransaction);
      else setReturning({ client, loan: oldest });
    } catch (error) {
      notifyError(errorMessage(error, m.returnFailed));
    } finally {
      setLooking(null);
    }
  };

  return (
    <Card withBorder radius="md" p="md" data-testid="clients-with-crates-out">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Clients with crates out
        </Title>
        <Button component={Link} to={paths.clients.href()} variant="subtle" size="xs">
          All clients
        </Button>
      </Group>
      {clients.isPending && <Skeleton height={56} />}
      {clients.data && withCratesOut.length === 0 && (
        <Text c="dimmed" size="sm">
          No client has crates out.
        </Text>
      )}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {withCratesOut.map((client) => (
          <li key={client.id} data-testid="client-with-crates-out">
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {client.businessName} · {client.clientName}
                  </Text>
                  <Group gap={6}>
                    <Text size="sm">{formatCount(client.outstandingCrates)} crates out</Text>
                    {client.daysOut !== null && (
                      <Text size="xs" c="dimmed">
                        · {client.daysOut} days
                      </Text>
                    )}
                    {client.isOverdue && (
                      <Badge color="red.9" variant="filled" size="sm" style={{ flexShrink: 0 }}>
                        Overdue
                      </Badge>
                    )}
                  </Group>
                </div>
                <Button
                  size="xs"
                  variant="light"
                  loading={looking === client.id}
                  style={{ flexShrink: 0 }}
                  onClick={() => void startReturn(client)}
                  aria-label={`Return crates from ${client.businessName}`}
                >
                  Return
                </Button>
              </Group>
              <ReminderButton client={client} from={from} />
            </Stack>
          </li>
        ))}
      </Stack>
      {returning && (
        <DashboardReturnDialog client={returning.client} loan={returning.loan} onClose={() => setReturning(null)} />
      )}
    </Card>
  );
}

function DashboardReturnDialog({
  client,
  loan,
  onClose,
}: {
  client: Client;
  loan: ClientTransaction;
  onClose: () => void;
}) {
  const giveBack = useReturnCrates();
  const form = useForm<{ quantityReturned: number | string; notes: string }>({
    initialValues: { quantityReturned: loan.cratesOut, notes: '' },
    // More than this loan's crates out is refused before sending, like 0 or a fraction.
    validate: schemaResolver(
      returnBody.refine((v) => v.quantityReturned <= loan.cratesOut, {
        message: m.tooManyReturned(loan.cratesOut),
        path: ['quantityReturned'],
      }),
      { sync: true },
    ),
  });
  const submit = form.onSubmit((values) =>
    giveBack.mutate(
      {
        id: loan.id,
        quantityReturned: Number(values.quantityReturned),
        notes: values.notes.trim() || undefined,
        variant: 'dashboard',
      },
      {
        onSuccess: () => {
          notifySuccess(m.returned);
          onClose();
        },
        onError: (error) => notifyError(errorMessage(error, m.returnFailed)),
      },
    ),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Return from ${client.businessName}`}
      centered
      // A long business name wraps instead of pushing the close button out of the dialog.
      styles={{ title: { overflowWrap: 'anywhere', minWidth: 0 } }}
    >
      <form onSubmit={submit} noValidate aria-label="Return crates">
        <Stack>
          <Text size="sm">
            Loan of {formatDate(loan.createdAt)}: {loan.cratesOut} of {loan.quantityBorrowed} crates out.
          </Text>
          <QuantityInput
            label="Quantity returned"
            min={1}
            max={loan.cratesOut}
            hint
            withAsterisk
            data-autofocus
            {...form.getInputProps('quantityReturned')}
          />
          <Textarea label="Notes" placeholder="Optional" autosize minRows={2} {...form.getInputProps('notes')} />
          <FormError error={giveBack.isError ? giveBack.error : null} fallback={m.returnFailed} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={giveBack.isPending}>
              Return Crates
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
