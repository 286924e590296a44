// Settings → Usual stack size (decision 073): the crates per labelled stack a delivery is split into
// when the farm sends it; empty, deliveries go without stacks.
import { Button, Card, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { usualStackSizeBody } from '../../../../shared/transmissions.ts';
import { FormError } from '../../../components/form-error.tsx';
import { translateEnglish } from '../../../lib/i18n/english-messages.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSaveUsualStackSize, useUsualStackSize } from '../api/stack-size.ts';

export function UsualStackSizeCard() {
  const t = useT();
  const current = useUsualStackSize();
  const save = useSaveUsualStackSize();
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const loaded = current.data?.stackSize;
  useEffect(() => {
    if (loaded !== undefined) setTyped((t) => t ?? (loaded === null ? '' : String(loaded)));
  }, [loaded]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const text = (typed ?? '').trim();
    const parsed = usualStackSizeBody.safeParse({
      stackSize: text === '' ? null : /^\d+$/.test(text) ? Number(text) : text,
    });
    if (!parsed.success) return setProblem(translateEnglish(parsed.error.issues[0]?.message ?? ''));
    setProblem(null);
    save.mutate(parsed.data.stackSize, {
      onSuccess: () => notifySuccess(translate('transmissions.usualStackSizeSaved')),
    });
  };
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="stack-size-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="stack-size-title">
          {t('transmissions.usualStackSizeTitle')}
        </Title>
        <Text size="sm">{t('transmissions.usualStackSizeHelp')}</Text>
        {current.data === undefined ? (
          <Skeleton height={44} />
        ) : (
          <form onSubmit={submit} noValidate aria-label={t('transmissions.usualStackSizeTitle')}>
            <Stack gap="sm">
              <TextInput
                label={t('transmissions.stackSizeField')}
                size="md"
                inputMode="numeric"
                maxLength={6}
                value={typed ?? ''}
                onChange={(e) => setTyped(e.currentTarget.value)}
                error={problem}
              />
              <FormError error={save.isError ? save.error : null} fallback={t('transmissions.usualStackSizeFailed')} />
              <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
                {t('farm-name.save')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
