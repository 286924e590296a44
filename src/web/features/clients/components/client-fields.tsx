// The three details of a client (spec §5 Add client: all required), shared by the add, edit and
// dashboard add-and-lend forms. The shared schema (src/shared/clients.ts) says what is wrong.
import { Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PhoneInput } from '../../../components/phone-input.tsx';

export type ClientDetailsValues = { businessName: string; clientName: string; contactNumber: string };

export const emptyClientDetails: ClientDetailsValues = { businessName: '', clientName: '', contactNumber: '' };

// biome-ignore lint/suspicious/noExplicitAny: any form whose values include the client's details
export function ClientFields({ form }: { form: UseFormReturnType<any> }) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Business name"
        withAsterisk
        autoComplete="organization"
        {...form.getInputProps('businessName')}
      />
      <TextInput label="Client name" withAsterisk autoComplete="name" {...form.getInputProps('clientName')} />
      <PhoneInput {...form.getInputProps('contactNumber')} />
    </Stack>
  );
}
