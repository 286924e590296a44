// /billing: billing cycles and what each agent earned, was paid and is owed (spec §2 Billing screen,
// farm store only). The spec's Current Cycle and Previous Cycle tabs, then All Cycles, where
// every cycle can be opened; above them the returns that no cycle covers yet.
import { Alert, Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconMail, IconPlus, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { weeklyOutcome } from '../../../../shared/reports.ts';
import { DashboardTabs } from '../../../components/dashboard-tabs.tsx';
import { ExportDownload } from '../../../components/export-download.tsx';
import { MessageCard } from '../../../components/message-card.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { RoleGate } from '../../../components/role-gate.tsx';
import { WeeklyReportsDialog } from '../../../components/weekly-reports-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useCurrentCycle } from '../api/get-current-cycle.ts';
import { useCycle } from '../api/get-cycle.ts';
import { useCycles } from '../api/get-cycles.ts';
import { useLastCycle } from '../api/get-last-cycle.ts';
import { useUnbilled } from '../api/get-unbilled.ts';
import { WEEKLY_REPORTS_PATH } from '../api/paths.ts';
import { CycleList } from '../components/cycle-list.tsx';
import { CycleView } from '../components/cycle-view.tsx';
import { type CycleDates, NewCycleDialog } from '../components/new-cycle-dialog.tsx';
import { UnbilledNotice } from '../components/unbilled-notice.tsx';

/** The All Cycles tab, and one cycle opened in it (?tab=all&cycle=<id>). */
const ALL_TAB = 'all';
const cycleHref = (cycleId: number) => `?tab=${ALL_TAB}&cycle=${cycleId}`;

/** The Billing screen for the farm store; anyone else reads why not, in their language. */
export function BillingPage() {
  const t = useT();
  return (
    <RoleGate permission="read:billing:any" denied={t('billing.farmStoreOnly')}>
      <BillingScreen />
    </RoleGate>
  );
}

function BillingScreen() {
  const t = useT();
  const current = useCurrentCycle();
  const unbilled = useUnbilled();
  // null: closed; otherwise open, with the dates it starts with (undefined: the suggested ones).
  const [creating, setCreating] = useState<{ dates?: CycleDates } | null>(null);
  // Send Weekly Reports opens the shared dialog first (decision 046): who gets one, who had this week's.
  const [weeklyOpen, setWeeklyOpen] = useState(false);
  const startCycle = () => setCreating({});

  return (
    <>
      <PageHeader
        title={t('billing.pageTitle')}
        description={t('billing.pageDescription')}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconMail size={18} aria-hidden />}
              onClick={() => setWeeklyOpen(true)}
            >
              {t('billing.sendWeeklyReports')}
            </Button>
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={startCycle}>
              {t('billing.newBillingCycle')}
            </Button>
          </>
        }
      />
      {weeklyOpen && (
        <WeeklyReportsDialog
          path={WEEKLY_REPORTS_PATH}
          onClose={() => setWeeklyOpen(false)}
          outcome={(res) => weeklyOutcome(res, t('billing.weeklySent'), t)}
          failed={t('billing.weeklyFailed')}
        />
      )}
      {creating && (
        <NewCycleDialog current={current.data} initialDates={creating.dates} onClose={() => setCreating(null)} />
      )}
      {unbilled.data && <UnbilledNotice unbilled={unbilled.data} onCreateCycle={(dates) => setCreating({ dates })} />}
      <DashboardTabs
        tabs={[
          { value: 'current', label: t('billing.currentCycle'), panel: <CurrentCycle onCreate={startCycle} /> },
          { value: 'previous', label: t('billing.previousCycle'), panel: <PreviousCycle /> },
          { value: ALL_TAB, label: t('billing.allCycles'), panel: <AllCycles /> },
        ]}
      />
      <ExportDownload kinds={['billing-lines', 'payments']} />
    </>
  );
}

function CurrentCycle({ onCreate }: { onCreate: () => void }) {
  const t = useT();
  const current = useCurrentCycle();
  const cycles = useCycles();
  if (current.isPending) return <Skeleton height={200} radius="md" />;
  if (current.isError) return <Alert color="red">{t('billing.cycleLoadFailed')}</Alert>;
  if (current.data)
    return (
      <CycleView
        cycle={current.data}
        title={t('billing.currentCycle')}
        cratesLabel={t('billing.totalReturnedCrates')}
      />
    );
  // No cycle covers today: returns acknowledged now wait as unbilled until one does.
  const hasCycles = (cycles.data?.length ?? 0) > 0;
  const next = cycles.data
    ?.filter((c) => c.status === 'upcoming')
    .sort((a, b) => a.startDate.localeCompare(b.startDate))[0];
  return (
    <MessageCard
      icon={IconReceipt}
      title={t('billing.noActiveCycleTitle')}
      text={hasCycles ? t('billing.noCycleCoversToday') : t('billing.startFirstCycle')}
    >
      {next && (
        <Text size="sm" ta="center" data-testid="next-cycle">
          {t('billing.nextCycleStarts', { date: formatDate(next.startDate) })}
        </Text>
      )}
      <Button onClick={onCreate}>{hasCycles ? t('billing.createCycle') : t('billing.createFirstCycle')}</Button>
    </MessageCard>
  );
}

function PreviousCycle() {
  const t = useT();
  const last = useLastCycle();
  if (last.isPending) return <Skeleton height={200} radius="md" />;
  if (last.isError) return <Alert color="red">{t('billing.previousLoadFailed')}</Alert>;
  if (!last.data) {
    return (
      <Card withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          {t('billing.noCompletedCycle')}
        </Text>
      </Card>
    );
  }
  return <CycleView cycle={last.data} title={t('billing.previousCycle')} cratesLabel={t('billing.cratesProcessed')} />;
}

function AllCycles() {
  const [params] = useSearchParams();
  const opened = Number(params.get('cycle'));
  if (Number.isSafeInteger(opened) && opened > 0) return <OpenedCycle cycleId={opened} />;
  return <CycleList hrefFor={(cycle) => cycleHref(cycle.id)} />;
}

function OpenedCycle({ cycleId }: { cycleId: number }) {
  const t = useT();
  const cycle = useCycle(cycleId);
  const back = (
    <div>
      <Button
        component={Link}
        to={`?tab=${ALL_TAB}`}
        variant="subtle"
        leftSection={<IconArrowLeft size={18} aria-hidden />}
      >
        {t('billing.allCycles')}
      </Button>
    </div>
  );
  if (cycle.isPending) return <Skeleton height={200} radius="md" />;
  if (cycle.isError) {
    return (
      <Stack gap="lg">
        {back}
        <Alert color="red">{errorMessage(cycle.error, t('billing.cycleNotFound'))}</Alert>
      </Stack>
    );
  }
  return (
    <CycleView
      cycle={cycle.data}
      title={t('billing.billingCycle')}
      cratesLabel={t('billing.cratesProcessed')}
      before={back}
    />
  );
}
