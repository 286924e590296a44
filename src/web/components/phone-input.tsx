// A required contact-number field (spec §5): the phone keyboard, the browser's autofill and the farm's
// example number, shared by the client forms and the supplier wizard.
import { TextInput, type TextInputProps } from '@mantine/core';
import { useT } from '../lib/i18n/use-t.ts';

export function PhoneInput({ label, ...props }: TextInputProps) {
  const t = useT();
  return (
    <TextInput
      label={label ?? t('components.contactNumber')}
      type="tel"
      autoComplete="tel"
      placeholder={t('components.phoneExample')}
      withAsterisk
      {...props}
    />
  );
}
