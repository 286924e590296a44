// The farm store dashboard's send-crates form (spec §5): agent and quantity required, 1 to 1000.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { quantityLimit } from '../../../../shared/quantity-limits.ts';
import { FARM_SEND_MAX } from '../../../../shared/transmissions-labels.ts';
import { AgentSelect } from '../../../components/agent-select.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { useAgentsForTransmission } from '../../../lib/api/get-agents-for-transmission.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateTransmission } from '../api/create-transmission.ts';

const sendLimit = quantityLimit(1, FARM_SEND_MAX);
type SendValues = { marketAgentId: number | null; quantity: number | string };
// The shared schema, loaded when the form is first used: the form is on the farm's first screen, its
// checks (zod) need not be (decision 033).
const checks = lazyResolver<SendValues>(() =>
  import('../../../../shared/transmissions.ts').then(({ farmSendForm }) =>
    translatedResolver(farmSendForm(FARM_SEND_MAX).pick({ marketAgentId: true, quantity: true }), { sync: true }),
  ),
);

/** The count: said as it is typed, from the field's one limit (decision 067). */
function CratesToSend({ form }: { form: UseFormReturnType<SendValues> }) {
  const t = useT();
  return (
    <QuantityInput
      label={t('transmissions.cratesToSend')}
      min={1}
      max={FARM_SEND_MAX}
      hint
      withAsterisk
      {...form.getInputProps('quantity')}
      error={form.errors.quantity ?? sendLimit.check(form.values.quantity)}
    />
  );
}

export function SendCratesForm({ stock }: { stock: number | undefined }) {
  const t = useT();
  const create = useCreateTransmission();
  const agents = useAgentsForTransmission();
  const form = useForm<SendValues>({
    initialValues: { marketAgentId: null, quantity: '' },
    validate: checks.validate,
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
          notifySuccess(translate('transmissions.sentTo', { count: sent.quantity, name: sent.toName }));
          form.reset();
        },
        onError: (error) => notifyError(errorMessage(error, translate('transmissions.sendFailed'))),
      },
    );
  });

  return (
    <Card withBorder radius="md" p="lg" h="100%">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {t('transmissions.sendCratesTitle')}
        </Title>
        {stock !== undefined && (
          <Text size="sm" c="dimmed">
            {t('transmissions.inFarmStock', { count: stock })}
          </Text>
        )}
      </Group>
      <form
        onSubmit={checks.send(() => submit())}
        onFocusCapture={() => void checks.load().catch(() => undefined)}
        noValidate
        aria-label={t('transmissions.sendCratesLabel')}
      >
        <Stack>
          <AgentSelect {...form.getInputProps('marketAgentId')} />
          <CratesToSend form={form} />
          <FormError error={create.isError ? create.error : null} fallback={t('transmissions.sendFailed')} />
          <Button type="submit" loading={create.isPending}>
            {t('transmissions.sendCratesTitle')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
