// /billing: billing cycles and what each agent earned (spec §2 Billing screen, farm store only).
import { Alert, Button, Card, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconDownload, IconFileInvoice, IconMail, IconPlus, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { type BillingCycle, billingMessages as m } from '../../../../shared/billing.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { RoleGate } from '../../../components/role-gate.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDownloadPayout } from '../api/download-payout.ts';
import { useGenerateStatement } from '../api/generate-statement.ts';
import { useCurrentCycle } from '../api/get-current-cycle.ts';
import { useLastCycle } from '../api/get-last-cycle.ts';
import { useSendWeeklyReports } from '../api/send-weekly-reports.ts';
import { AgentPerformance } from '../components/agent-performance.tsx';
import { CycleDetails } from '../components/cycle-details.tsx';
import { NewCycleDialog } from '../components/new-cycle-dialog.tsx';

export function BillingPage() {
  return (
    <RoleGate permission="read:billing:any" denied={m.farmStoreOnly}>
      <BillingScreen />
    </RoleGate>
  );
}

function BillingScreen() {
  const current = useCurrentCycle();
  const [creating, setCreating] = useState(false);
  const weekly = useSendWeeklyReports();

  const sendWeekly = () =>
    weekly.mutate(undefined, {
      onSuccess: () => notifySuccess(m.weeklySent),
      onError: (error) => notifyError(errorMessage(error, m.weeklyFailed)),
    });

  return (
    <>
      <PageHeader
        title="Billing"
        description="Billing cycles and what the farm pays agents for returned crates"
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconMail size={18} aria-hidden />}
              onClick={sendWeekly}
              loading={weekly.isPending}
            >
              Send Weekly Reports
            </Button>
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
              New Billing Cycle
            </Button>
          </>
        }
      />
      <NewCycleDialog opened={creating} onClose={() => setCreating(false)} hasActiveCycle={!!current.data} />
      <Tabs defaultValue="current" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="current">Current Cycle</Tabs.Tab>
          <Tabs.Tab value="previous">Previous Cycle</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="current">
          {current.isPending ? (
            <Skeleton height={200} radius="md" />
          ) : current.isError ? (
            <Alert color="red">We could not load the billing cycle. Retrying…</Alert>
          ) : current.data ? (
            <CurrentCycle cycle={current.data} />
          ) : (
            <Card withBorder radius="md" p="xl">
              <Stack align="center" gap="xs">
                <IconReceipt size={40} stroke={1.4} aria-hidden />
                <Title order={2} size="h4">
                  {m.noActiveCycleTitle}
                </Title>
                <Text c="dimmed" ta="center">
                  Returned empty crates are paid for within a billing cycle. Start one to begin.
                </Text>
                <Button onClick={() => setCreating(true)}>{m.createFirstCycle}</Button>
              </Stack>
            </Card>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="previous">
          <PreviousCycle />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function PayoutButton({ cycle }: { cycle: BillingCycle }) {
  const payout = useDownloadPayout();
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={18} aria-hidden />}
      loading={payout.isPending}
      onClick={() =>
        payout.mutate(cycle, {
          onSuccess: (name) => notifySuccess(`${name} downloaded for your bank's bulk EFT upload`),
          onError: (error) => notifyError(errorMessage(error, m.payoutFailed)),
        })
      }
    >
      Payout CSV
    </Button>
  );
}

function CurrentCycle({ cycle }: { cycle: BillingCycle }) {
  const statement = useGenerateStatement();
  const generate = () =>
    statement.mutate(cycle, {
      onSuccess: (name) => notifySuccess(`${m.statementDownloaded} (${name})`, 'Statement downloaded'),
      onError: (error) => notifyError(errorMessage(error, m.statementFailed)),
    });
  return (
    <Stack gap="lg">
      <CycleDetails
        cycle={cycle}
        title="Current Cycle"
        totalsLabels={{ crates: 'Total returned crates', amount: 'Total value' }}
        actions={
          <>
            <Button
              leftSection={<IconFileInvoice size={18} aria-hidden />}
              loading={statement.isPending}
              onClick={generate}
            >
              Generate Statement
            </Button>
            <PayoutButton cycle={cycle} />
          </>
        }
      />
      <AgentPerformance cycleId={cycle.id} />
    </Stack>
  );
}

function PreviousCycle() {
  const last = useLastCycle();
  if (last.isPending) return <Skeleton height={200} radius="md" />;
  if (last.isError) return <Alert color="red">We could not load the previous cycle. Retrying…</Alert>;
  if (!last.data) {
    return (
      <Card withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          No completed billing cycle yet. A cycle is completed when the next one is created.
        </Text>
      </Card>
    );
  }
  return (
    <Stack gap="lg">
      <CycleDetails
        cycle={last.data}
        title="Previous Cycle"
        totalsLabels={{ crates: 'Crates processed', amount: 'Total paid' }}
        actions={<PayoutButton cycle={last.data} />}
      />
      <AgentPerformance cycleId={last.data.id} />
    </Stack>
  );
}
