// A required contact-number field (spec §5): the phone keyboard, the browser's autofill and the farm's
// example number, shared by the client forms and the supplier wizard.
import { TextInput, type TextInputProps } from '@mantine/core';

export function PhoneInput({ label = 'Contact number', ...props }: TextInputProps) {
  return (
    <TextInput label={label} type="tel" autoComplete="tel" placeholder="e.g. 082 123 4567" withAsterisk {...props} />
  );
}
