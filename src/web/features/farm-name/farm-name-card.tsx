// Settings → Farm name (decision 067): the one name on the farm's statements, PDFs and public site.
// FARM_NAME on the server is only its first value; what is saved here wins, for every instance at once.
import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FARM_NAME_MAX } from '../../../shared/farm-name.ts';
import { farmNameBody } from '../../../shared/farm-name-schemas.ts';
import { SettingCard } from '../../components/setting-card.tsx';
import { translateEnglish } from '../../lib/i18n/english-messages.ts';
import { t as translate } from '../../lib/i18n/language.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useFarmName, useSaveFarmName } from './api.ts';

const sourceKeys = {
  settings: 'farm-name.sourceSettings',
  configured: 'farm-name.sourceConfigured',
  default: 'farm-name.sourceDefault',
} as const;

export function FarmNameCard() {
  const t = useT();
  const current = useFarmName();
  const save = useSaveFarmName();
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const loaded = current.data?.name;
  useEffect(() => {
    if (loaded !== undefined) setTyped((t) => t ?? loaded);
  }, [loaded]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = farmNameBody.safeParse({ name: typed ?? '' });
    const message = parsed.error?.issues[0]?.message;
    if (!parsed.success) return setProblem(message ? translateEnglish(message) : t('farm-name.required'));
    setProblem(null);
    save.mutate(parsed.data.name, { onSuccess: () => notifySuccess(translate('farm-name.saved')) });
  };
  return (
    <SettingCard
      id="farm-name-title"
      title={t('farm-name.title')}
      intro={t('farm-name.intro')}
      loaded={current.data !== undefined}
      onSubmit={submit}
      saving={save.isPending}
      saveError={save.isError ? save.error : null}
      saveFailed={t('farm-name.couldNotSave')}
      saveLabel={t('farm-name.save')}
    >
      <TextInput
        label={t('farm-name.title')}
        size="md"
        maxLength={FARM_NAME_MAX + 20}
        value={typed ?? ''}
        onChange={(e) => setTyped(e.currentTarget.value)}
        error={problem}
        description={current.data && t(sourceKeys[current.data.source])}
      />
    </SettingCard>
  );
}
