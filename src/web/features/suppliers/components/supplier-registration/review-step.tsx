// Step 3 of the supplier wizard: what will be sent, the account number masked, blanks shown as '—'.
import { SimpleGrid, Text, Title } from '@mantine/core';
import { maskAccountNumber } from '../../../../../shared/bank-account.ts';
import suppliersEnglish from '../../../../../shared/i18n/en/suppliers.json' with { type: 'json' };
import { addEnglish, english } from '../../../../../shared/i18n/english.ts';
import { certificationKeys, type certificationTypes } from '../../../../../shared/suppliers-labels.ts';
import { useT } from '../../../../lib/i18n/use-t.ts';
import type { SupplierRegistrationValues } from './use-supplier-registration-form.ts';

addEnglish({ suppliers: suppliersEnglish });

/** Each row's label key and value (a blank as '—'). */
function reviewRows(v: SupplierRegistrationValues, t: (key: string) => string): [string, string][] {
  const key = certificationKeys[v.certificationType as (typeof certificationTypes)[number]];
  const certification = key ? t(key) : '';
  return [
    ['suppliers.name', v.name],
    ['suppliers.email', v.email],
    ['suppliers.businessName', v.businessName],
    ['suppliers.contactPerson', v.contactPerson],
    ['suppliers.contactNumber', v.contactNumber],
    ['suppliers.farmLocation', v.farmLocation],
    ['suppliers.certification', certification],
    ['suppliers.produceTypes', v.produceTypes || '—'],
    ['suppliers.bankName', v.bankName || '—'],
    ['suppliers.accountNumber', maskAccountNumber(v.accountNumber) || '—'],
    ['suppliers.branchCode', v.branchCode || '—'],
    ['suppliers.accountHolder', v.accountHolderName || '—'],
  ];
}

export function ReviewStep({ values }: { values: SupplierRegistrationValues }) {
  const t = useT();
  return (
    <>
      <Title order={2} size="h4">
        {t('suppliers.stepReview')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
        {reviewRows(values, t).map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t(label)}
            </Text>
            {/* The test id keeps the English label in every language. */}
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }} data-testid={`review-${english(label)}`}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </>
  );
}
