// The supplier's overview tab: GET /api/suppliers/metrics (money as rand from decimal strings).
import { Alert, SimpleGrid, Skeleton } from '@mantine/core';
import { formatRandDecimal } from '../../../../shared/money.ts';
import type { SupplierWithCrates } from '../../../../shared/suppliers.ts';
import { StatCard } from '../../../components/stat-card.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useSupplierMetrics } from '../api/get-supplier-metrics.ts';

export function SupplierOverview({ supplier }: { supplier: SupplierWithCrates }) {
  const metrics = useSupplierMetrics();
  const m = metrics.data;
  if (metrics.isError) return <Alert color="red">We could not load your figures. Retrying…</Alert>;
  if (!m) return <Skeleton height={84} radius="md" />;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" aria-label="Supplier metrics" component="section">
      <StatCard label="Active offers" value={formatCount(m.activeOffers)} hint="the farm can tender on these" />
      <StatCard label="Total offers" value={formatCount(m.totalOffers)} hint="active and withdrawn" />
      <StatCard label="Open tenders" value={formatCount(m.openTenders)} hint="waiting for your answer" />
      <StatCard label="Average quote" value={formatRandDecimal(m.averageQuote)} hint="the farm's quotes" />
      <StatCard label="Total revenue" value={formatRandDecimal(m.totalRevenue)} hint="accepted tenders" />
      <StatCard
        label="Crates owned"
        value={formatCount(supplier.totalCratesOwned)}
        hint={`${formatCount(supplier.availableCrates)} available`}
      />
    </SimpleGrid>
  );
}
