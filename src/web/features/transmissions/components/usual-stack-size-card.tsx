// Settings → Usual stack size (decision 073): the crates per labelled stack a delivery is split into
// when the farm sends it; empty, deliveries go without stacks.
import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { usualStackSizeBody } from '../../../../shared/transmissions.ts';
import { SettingCard } from '../../../components/setting-card.tsx';
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
    <SettingCard
      id="stack-size-title"
      title={t('transmissions.usualStackSizeTitle')}
      intro={t('transmissions.usualStackSizeHelp')}
      loaded={current.data !== undefined}
      onSubmit={submit}
      saving={save.isPending}
      saveError={save.isError ? save.error : null}
      saveFailed={t('transmissions.usualStackSizeFailed')}
      saveLabel={t('farm-name.save')}
    >
      <TextInput
        label={t('transmissions.stackSizeField')}
        size="md"
        inputMode="numeric"
        maxLength={6}
        value={typed ?? ''}
        onChange={(e) => setTyped(e.currentTarget.value)}
        error={problem}
      />
    </SettingCard>
  );
}
