// The supplier's settings: its profile and bank details (PATCH /api/suppliers/me); the password card
// sits beside it on the dashboard.
import { Button, Card, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  certificationLabels,
  certificationTypes,
  type SupplierWithCrates,
  updateSupplierBody,
} from '../../../../shared/suppliers.ts';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateMySupplier } from '../api/update-my-supplier.ts';

export const SAVE_PROFILE_FAILED = 'Failed to update profile';

export function SupplierProfileCard({ supplier }: { supplier: SupplierWithCrates }) {
  const update = useUpdateMySupplier();
  const form = useForm({
    initialValues: {
      businessName: supplier.businessName,
      contactPerson: supplier.contactPerson,
      contactNumber: supplier.contactNumber,
      farmLocation: supplier.farmLocation,
      certificationType: supplier.certificationType as string,
      bankName: supplier.bankName ?? '',
      accountNumber: supplier.accountNumber ?? '',
      branchCode: supplier.branchCode ?? '',
      accountHolderName: supplier.accountHolderName ?? '',
    },
    validate: schemaResolver(updateSupplierBody, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(values as Parameters<typeof update.mutate>[0], {
      onSuccess: () => notifySuccess('Profile updated'),
      onError: (error) => notifyError(errorMessage(error, SAVE_PROFILE_FAILED)),
    }),
  );
  return (
    <Card withBorder radius="md" p="lg">
      <form onSubmit={submit} noValidate aria-label="Profile and bank details">
        <Stack>
          <Title order={2} size="h4">
            Profile
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Business name" withAsterisk {...form.getInputProps('businessName')} />
            <TextInput label="Contact person" withAsterisk {...form.getInputProps('contactPerson')} />
            <TextInput label="Contact number" type="tel" withAsterisk {...form.getInputProps('contactNumber')} />
            <TextInput label="Farm location" withAsterisk {...form.getInputProps('farmLocation')} />
            <NativeSelect
              label="Certification type"
              withAsterisk
              data={certificationTypes.map((c) => ({ value: c, label: certificationLabels[c] }))}
              {...form.getInputProps('certificationType')}
            />
          </SimpleGrid>
          <Title order={3} size="h5">
            Bank details
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Bank name" {...form.getInputProps('bankName')} />
            <TextInput label="Account number" inputMode="numeric" {...form.getInputProps('accountNumber')} />
            <TextInput label="Branch code" inputMode="numeric" {...form.getInputProps('branchCode')} />
            <TextInput label="Account holder name" {...form.getInputProps('accountHolderName')} />
          </SimpleGrid>
          <FormError error={update.isError ? update.error : null} fallback={SAVE_PROFILE_FAILED} />
          <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
            Save Profile
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
