// The supplier dashboard's settings tab: the business profile and the password.
import { Stack } from '@mantine/core';
import type { SupplierWithCrates } from '../../../../shared/suppliers.ts';
import { ChangePasswordCard } from '../../../features/auth/components/change-password-form.tsx';
import { UserLanguageCard } from '../../../features/auth/components/language-picker.tsx';
import { SupplierProfileCard } from '../../../features/suppliers/components/supplier-settings.tsx';

export function SupplierSettingsPanel({ supplier }: { supplier: SupplierWithCrates }) {
  return (
    <Stack gap="lg">
      <SupplierProfileCard supplier={supplier} />
      <ChangePasswordCard />
      <UserLanguageCard />
    </Stack>
  );
}
