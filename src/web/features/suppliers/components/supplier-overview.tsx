// The supplier's overview tab: GET /api/suppliers/metrics (money as rand from decimal strings).
import { Alert, SimpleGrid, Skeleton } from '@mantine/core';
import { formatRandDecimal } from '../../../../shared/money.ts';
import type { SupplierWithCrates } from '../../../../shared/suppliers.ts';
import { StatCard } from '../../../components/stat-card.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useSupplierMetrics } from '../api/get-supplier-metrics.ts';

export function SupplierOverview({ supplier }: { supplier: SupplierWithCrates }) {
  const t = useT();
  const metrics = useSupplierMetrics();
  const m = metrics.data;
  if (metrics.isError) return <Alert color="red">{t('suppliers.figuresFailed')}</Alert>;
  if (!m) return <Skeleton height={84} radius="md" />;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" aria-label={t('suppliers.supplierMetrics')} component="section">
      <StatCard
        label={t('suppliers.activeOffers')}
        value={formatCount(m.activeOffers)}
        hint={t('suppliers.activeOffersHint')}
      />
      <StatCard
        label={t('suppliers.totalOffers')}
        value={formatCount(m.totalOffers)}
        hint={t('suppliers.totalOffersHint')}
      />
      <StatCard
        label={t('suppliers.openTenders')}
        value={formatCount(m.openTenders)}
        hint={t('suppliers.openTendersHint')}
      />
      <StatCard
        label={t('suppliers.averageQuote')}
        value={formatRandDecimal(m.averageQuote)}
        hint={t('suppliers.averageQuoteHint')}
      />
      <StatCard
        label={t('suppliers.totalRevenue')}
        value={formatRandDecimal(m.totalRevenue)}
        hint={t('suppliers.totalRevenueHint')}
      />
      <StatCard
        label={t('suppliers.cratesOwned')}
        value={formatCount(supplier.totalCratesOwned)}
        hint={t('suppliers.availableCount', { count: formatCount(supplier.availableCrates) })}
      />
    </SimpleGrid>
  );
}
