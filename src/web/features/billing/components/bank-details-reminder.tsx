// 'Add your bank details to be paid': shown to a market agent the farm owes money while its
// bank details are incomplete, since the payout file can only pay agents with complete details.
import { Alert, Button, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { BankDetails } from '../../../../shared/billing.ts';
import { decimalToCents, formatRandDecimal } from '../../../../shared/money.ts';
import { paths } from '../../../app/paths.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useBankDetails } from '../api/bank-details.ts';

/** The payout file needs all four (the account type defaults to a current account). */
export const hasCompleteBankDetails = (d: BankDetails) =>
  Boolean(d.bankName && d.accountNumber && d.branchCode && d.accountHolderName);

/** `owed`: what the farm owes the agent (its earnings' totalOwed), once known. */
export function BankDetailsReminder({ owed }: { owed: string | undefined }) {
  const t = useT();
  const details = useBankDetails();
  const owedCents = owed === undefined ? 0 : (decimalToCents(owed) ?? 0);
  if (owedCents <= 0 || !details.data || hasCompleteBankDetails(details.data)) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconBuildingBank size={20} aria-hidden />}
      data-testid="bank-details-reminder"
    >
      {/* Not the Alert's title: its orange text is below WCAG contrast on the tint. */}
      <Text fw={700}>{t('billing.addBankDetailsToBePaid')}</Text>
      <Text size="sm" mb="xs">
        {t('billing.farmOwesYou', { amount: formatRandDecimal(owed) })}
      </Text>
      <Button component={Link} to={paths.dashboard.href('settings')} variant="default">
        {t('billing.addBankDetails')}
      </Button>
    </Alert>
  );
}
