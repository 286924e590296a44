// The farm store dashboard's settings tab: the crate account, the farm's stock, the password, the farm
// access code (decision 043), the farm name (067), the produce lists offers choose from (068), the
// usual stack size of a delivery (073), API tokens
// and webhooks (decision 063), and Activity, the audit trail (decision 027).
import { Stack } from '@mantine/core';
import { ActivityLog } from '../../../features/audit/components/activity-log.tsx';
import { ChangePasswordCard } from '../../../features/auth/components/change-password-form.tsx';
import { FarmAccessCodeCard } from '../../../features/auth/components/farm-access-code-card.tsx';
import { UserLanguageCard } from '../../../features/auth/components/language-picker.tsx';
import { FarmStockSettings } from '../../../features/crates/components/farm-stock-settings.tsx';
import { CrateAccountCard } from '../../../features/dashboard/components/crate-account-card.tsx';
import { FarmNameCard } from '../../../features/farm-name/farm-name-card.tsx';
import { ApiTokensCard } from '../../../features/integrations/components/api-tokens-card.tsx';
import { WebhooksCard } from '../../../features/integrations/components/webhooks-card.tsx';
import { ProduceListsCard } from '../../../features/suppliers/components/produce-lists-card.tsx';
import { UsualStackSizeCard } from '../../../features/transmissions/components/usual-stack-size-card.tsx';

export function FarmSettingsPanel() {
  return (
    <Stack gap="lg">
      <CrateAccountCard />
      <FarmStockSettings />
      <ChangePasswordCard />
      <UserLanguageCard />
      <FarmAccessCodeCard />
      <FarmNameCard />
      <ProduceListsCard />
      <UsualStackSizeCard />
      <ApiTokensCard canWrite />
      <WebhooksCard />
      <ActivityLog />
    </Stack>
  );
}
