// The market agent dashboard's settings tab: bank details for the payout, the password, and read-only
// API tokens (decision 063).
import { Stack } from '@mantine/core';
import { ChangePasswordCard } from '../../../features/auth/components/change-password-form.tsx';
import { UserLanguageCard } from '../../../features/auth/components/language-picker.tsx';
import { BankDetailsCard } from '../../../features/billing/components/bank-details-card.tsx';
import { ApiTokensCard } from '../../../features/integrations/components/api-tokens-card.tsx';

export function AgentSettingsPanel() {
  return (
    <Stack gap="lg">
      <UserLanguageCard />
      <BankDetailsCard />
      <ChangePasswordCard />
      <ApiTokensCard canWrite={false} />
    </Stack>
  );
}
