// The supplier's settings: its profile and bank details (PATCH /api/suppliers/me); the password card
// sits beside it on the dashboard.
import { Button, Card, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  certificationKeys,
  certificationTypes,
  type SupplierWithCrates,
  updateSupplierBody,
} from '../../../../shared/suppliers.ts';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateMySupplier } from '../api/update-my-supplier.ts';

/** The form's starting values: the supplier's profile, with bank details not yet given blank. */
const profileValues = (supplier: SupplierWithCrates) => ({
  businessName: supplier.businessName,
  contactPerson: supplier.contactPerson,
  contactNumber: supplier.contactNumber,
  farmLocation: supplier.farmLocation,
  certificationType: supplier.certificationType as string,
  bankName: supplier.bankName ?? '',
  accountNumber: supplier.accountNumber ?? '',
  branchCode: supplier.branchCode ?? '',
  accountHolderName: supplier.accountHolderName ?? '',
});

export function SupplierProfileCard({ supplier }: { supplier: SupplierWithCrates }) {
  const t = useT();
  const update = useUpdateMySupplier();
  const form = useForm({
    initialValues: profileValues(supplier),
    validate: translatedResolver(updateSupplierBody, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(values as Parameters<typeof update.mutate>[0], {
      onSuccess: () => notifySuccess(t('suppliers.profileUpdated')),
      onError: (error) => notifyError(errorMessage(error, t('suppliers.saveProfileFailed'))),
    }),
  );
  return (
    <Card withBorder radius="md" p="lg">
      <form onSubmit={submit} noValidate aria-label={t('suppliers.profileAndBank')}>
        <Stack>
          <Title order={2} size="h4">
            {t('suppliers.profile')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('suppliers.businessName')} withAsterisk {...form.getInputProps('businessName')} />
            <TextInput label={t('suppliers.contactPerson')} withAsterisk {...form.getInputProps('contactPerson')} />
            <TextInput
              label={t('suppliers.contactNumber')}
              type="tel"
              withAsterisk
              {...form.getInputProps('contactNumber')}
            />
            <TextInput label={t('suppliers.farmLocation')} withAsterisk {...form.getInputProps('farmLocation')} />
            <NativeSelect
              label={t('suppliers.certificationType')}
              withAsterisk
              data={certificationTypes.map((c) => ({ value: c, label: t(certificationKeys[c]) }))}
              {...form.getInputProps('certificationType')}
            />
          </SimpleGrid>
          <Title order={3} size="h5">
            {t('suppliers.bankDetails')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('suppliers.bankName')} {...form.getInputProps('bankName')} />
            <TextInput
              label={t('suppliers.accountNumber')}
              inputMode="numeric"
              {...form.getInputProps('accountNumber')}
            />
            <TextInput label={t('suppliers.branchCode')} inputMode="numeric" {...form.getInputProps('branchCode')} />
            <TextInput label={t('suppliers.accountHolderName')} {...form.getInputProps('accountHolderName')} />
          </SimpleGrid>
          <FormError error={update.isError ? update.error : null} fallback={t('suppliers.saveProfileFailed')} />
          <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('suppliers.saveProfile')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
