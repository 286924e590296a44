// Step 3 of the supplier wizard: what will be sent, the account number masked, blanks shown as '—'.
import { SimpleGrid, Text, Title } from '@mantine/core';
import { maskAccountNumber } from '../../../../../shared/bank-account.ts';
import { certificationLabels, type certificationTypes } from '../../../../../shared/suppliers-labels.ts';
import type { SupplierRegistrationValues } from './use-supplier-registration-form.ts';

function reviewRows(v: SupplierRegistrationValues): [string, string][] {
  const certification = certificationLabels[v.certificationType as (typeof certificationTypes)[number]] ?? '';
  return [
    ['Name', v.name],
    ['Email', v.email],
    ['Business name', v.businessName],
    ['Contact person', v.contactPerson],
    ['Contact number', v.contactNumber],
    ['Farm location', v.farmLocation],
    ['Certification', certification],
    ['Produce types', v.produceTypes || '—'],
    ['Bank name', v.bankName || '—'],
    ['Account number', maskAccountNumber(v.accountNumber) || '—'],
    ['Branch code', v.branchCode || '—'],
    ['Account holder', v.accountHolderName || '—'],
  ];
}

export function ReviewStep({ values }: { values: SupplierRegistrationValues }) {
  return (
    <>
      <Title order={2} size="h4">
        Review
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
        {reviewRows(values).map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }} data-testid={`review-${label}`}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </>
  );
}
