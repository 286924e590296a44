// The language picker (decision 065): each language named in itself. Before sign-in the choice is
// kept on this device; signed in, it is kept on the user (PUT /api/auth/me/language), so the next
// phone they sign in on starts in it too.
import { Card, NativeSelect } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../../shared/i18n/languages.ts';
import { keepDeviceLanguage, switchLanguage, t as translate } from '../../../lib/i18n/language.ts';
import { useLanguageCode, useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useChangeLanguage } from '../api.ts';

// isiZulu, Sesotho and Afrikaans first: English is the default, the others are what is looked for.
const ORDER: readonly Language[] = ['zu', 'st', 'af', 'en'];

function Picker({ onChoose }: { onChoose: (language: Language) => void }) {
  const t = useT();
  const current = useLanguageCode();
  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    const value = event.currentTarget.value;
    if (isLanguage(value) && value !== current) onChoose(value);
  };
  return (
    <NativeSelect label={t('common.language')} value={current} onChange={choose} data-testid="language-picker">
      {ORDER.filter((language) => LANGUAGES.includes(language)).map((language) => (
        // Each name in its own language, for a screen reader too.
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </NativeSelect>
  );
}

/** Before sign-in: the screens switch, and this device remembers the choice. */
export function DeviceLanguagePicker() {
  return (
    <Picker
      onChoose={(language) => {
        keepDeviceLanguage(language);
        void switchLanguage(language);
      }}
    />
  );
}

/** Signed in (Settings): the choice is kept on the user, then the screens switch. */
export function UserLanguageCard() {
  const change = useChangeLanguage();
  const choose = (language: Language) =>
    change.mutate(language, {
      onSuccess: async () => {
        keepDeviceLanguage(language);
        await switchLanguage(language);
        notifySuccess(translate('common.languageSaved'));
      },
      onError: () => notifyError(translate('common.languageFailed')),
    });
  return (
    <Card withBorder radius="md" p="lg" component="section" data-testid="language-card">
      <Picker onChoose={choose} />
    </Card>
  );
}
