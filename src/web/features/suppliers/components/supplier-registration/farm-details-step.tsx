// Step 2 of the supplier wizard: the business and farm (required) and the banking details (optional).
import { NativeSelect, SimpleGrid, TextInput, Title } from '@mantine/core';
import { certificationKeys, certificationTypes } from '../../../../../shared/suppliers-labels.ts';
import { PhoneInput } from '../../../../components/phone-input.tsx';
import { useT } from '../../../../lib/i18n/use-t.ts';
import type { SupplierRegistrationForm } from './use-supplier-registration-form.ts';

export function FarmDetailsStep({ form }: { form: SupplierRegistrationForm }) {
  const t = useT();
  const certificationOptions = [
    { value: '', label: t('suppliers.chooseCertification') },
    ...certificationTypes.map((c) => ({ value: c, label: t(certificationKeys[c]) })),
  ];
  const field = form.getInputProps;
  return (
    <>
      <Title order={2} size="h4">
        {t('suppliers.stepFarmDetails')}
      </Title>
      <TextInput label={t('suppliers.businessName')} withAsterisk {...field('businessName')} />
      <TextInput label={t('suppliers.contactPerson')} autoComplete="name" withAsterisk {...field('contactPerson')} />
      <PhoneInput {...field('contactNumber')} />
      <TextInput label={t('suppliers.farmLocation')} withAsterisk {...field('farmLocation')} />
      <NativeSelect
        label={t('suppliers.certificationType')}
        withAsterisk
        data={certificationOptions}
        {...field('certificationType')}
      />
      <TextInput
        label={t('suppliers.produceTypes')}
        description={t('suppliers.produceTypesHint')}
        {...field('produceTypes')}
      />
      <Title order={3} size="h5" mt="sm">
        {t('suppliers.bankingOptional')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label={t('suppliers.bankName')} {...field('bankName')} />
        <TextInput label={t('suppliers.accountNumber')} inputMode="numeric" {...field('accountNumber')} />
        <TextInput label={t('suppliers.branchCode')} inputMode="numeric" {...field('branchCode')} />
        <TextInput label={t('suppliers.accountHolderName')} {...field('accountHolderName')} />
      </SimpleGrid>
    </>
  );
}
