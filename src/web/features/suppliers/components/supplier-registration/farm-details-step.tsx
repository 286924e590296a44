// Step 2 of the supplier wizard: the business and farm (required) and the banking details (optional).
import { NativeSelect, SimpleGrid, TextInput, Title } from '@mantine/core';
import { certificationLabels, certificationTypes } from '../../../../../shared/suppliers-labels.ts';
import { PhoneInput } from '../../../../components/phone-input.tsx';
import type { SupplierRegistrationForm } from './use-supplier-registration-form.ts';

const certificationOptions = [
  { value: '', label: 'Choose a certification' },
  ...certificationTypes.map((c) => ({ value: c, label: certificationLabels[c] })),
];

export function FarmDetailsStep({ form }: { form: SupplierRegistrationForm }) {
  const field = form.getInputProps;
  return (
    <>
      <Title order={2} size="h4">
        Farm Details
      </Title>
      <TextInput label="Business name" withAsterisk {...field('businessName')} />
      <TextInput label="Contact person" autoComplete="name" withAsterisk {...field('contactPerson')} />
      <PhoneInput {...field('contactNumber')} />
      <TextInput label="Farm location" withAsterisk {...field('farmLocation')} />
      <NativeSelect
        label="Certification type"
        withAsterisk
        data={certificationOptions}
        {...field('certificationType')}
      />
      <TextInput label="Produce types" description="Optional, e.g. peppers, tomatoes" {...field('produceTypes')} />
      <Title order={3} size="h5" mt="sm">
        Banking details (optional)
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label="Bank name" {...field('bankName')} />
        <TextInput label="Account number" inputMode="numeric" {...field('accountNumber')} />
        <TextInput label="Branch code" inputMode="numeric" {...field('branchCode')} />
        <TextInput label="Account holder name" {...field('accountHolderName')} />
      </SimpleGrid>
    </>
  );
}
