// The market agent dashboard's settings tab: bank details for the payout, and the password.
import { Stack } from '@mantine/core';
import { ChangePasswordCard } from '../../../features/auth/components/change-password-form.tsx';
import { BankDetailsCard } from '../../../features/billing/components/bank-details-card.tsx';

export function AgentSettingsPanel() {
  return (
    <Stack gap="lg">
      <BankDetailsCard />
      <ChangePasswordCard />
    </Stack>
  );
}
