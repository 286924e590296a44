// The farm store dashboard's send-crates form (spec §5): agent and quantity required, 1 to 1000.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { FARM_SEND_MAX, farmSendForm } from '../../../../shared/transmissions.ts';
import { AgentSelect } from '../../../components/agent-select.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { useAgentsForTransmission } from '../../../lib/api/get-agents-for-transmission.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { crates, formatCount } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateTransmission } from '../api/create-transmission.ts';

export const SEND_FAILED = 'Failed to send crates';
const schema = farmSendForm(FARM_SEND_MAX).pick({ marketAgentId: true, quantity: true });

export function SendCratesForm({ stock }: { stock: number | undefined }) {
  const create = useCreateTransmission();
  const agents = useAgentsForTransmission();
  const form = useForm<{ marketAgentId: number | null; quantity: number | string }>({
    initialValues: { marketAgentId: null, quantity: '' },
    validate: schemaResolver(schema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const agent = agents.data?.find((a) => a.id === values.marketAgentId);
    create.mutate(
      {
        type: 'farm_to_market',
        marketAgentId: values.marketAgentId,
        toUserId: agent?.userId,
        quantity: Number(values.quantity),
      },
      {
        onSuccess: (sent) => {
          notifySuccess(`${crates(sent.quantity)} sent to ${sent.toName}`);
          form.reset();
        },
        onError: (error) => notifyError(errorMessage(error, SEND_FAILED)),
      },
    );
  });

  return (
    <Card withBorder radius="md" p="lg" h="100%">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          Send Crates
        </Title>
        {stock !== undefined && (
          <Text size="sm" c="dimmed">
            {formatCount(stock)} in farm stock
          </Text>
        )}
      </Group>
      <form onSubmit={submit} noValidate aria-label="Send crates">
        <Stack>
          <AgentSelect {...form.getInputProps('marketAgentId')} />
          <QuantityInput
            label="Crates to send"
            min={1}
            max={FARM_SEND_MAX}
            hint
            withAsterisk
            {...form.getInputProps('quantity')}
          />
          <FormError error={create.isError ? create.error : null} fallback={SEND_FAILED} />
          <Button type="submit" loading={create.isPending}>
            Send Crates
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
