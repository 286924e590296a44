// The details of a client (spec §5 Add client: the three first required), shared by the add, edit and
// dashboard add-and-lend forms, and the language the agent writes to the client in (decision 065). The
// shared schema (src/shared/clients.ts) says what is wrong.
import { Select, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../../shared/i18n/languages.ts';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { currentLanguage } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';

export type ClientDetailsValues = {
  businessName: string;
  clientName: string;
  contactNumber: string;
  language: Language;
};

/** A new client's empty details, written to in the agent's own language until the agent picks another. */
export const emptyClientDetails = (): ClientDetailsValues => ({
  businessName: '',
  clientName: '',
  contactNumber: '',
  language: currentLanguage(),
});

/** Each language named in itself. */
const languageOptions = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));

// biome-ignore lint/suspicious/noExplicitAny: any form whose values include the client's details
export function ClientFields({ form }: { form: UseFormReturnType<any> }) {
  const t = useT();
  return (
    <Stack gap="sm">
      <TextInput
        label={t('clients.businessName')}
        withAsterisk
        autoComplete="organization"
        {...form.getInputProps('businessName')}
      />
      <TextInput
        label={t('clients.clientName')}
        withAsterisk
        autoComplete="name"
        {...form.getInputProps('clientName')}
      />
      <PhoneInput {...form.getInputProps('contactNumber')} />
      <Select
        label={t('clients.language')}
        description={t('clients.languageHelp')}
        data={languageOptions}
        allowDeselect={false}
        data-testid="client-language"
        {...form.getInputProps('language')}
      />
    </Stack>
  );
}
