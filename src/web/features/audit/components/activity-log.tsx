// Settings → Activity (decision 027): the farm's audit trail, newest first, filtered by person, action
// and date, a page at a time, and downloaded as CSV with the same filters.
import { Button, Card, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { type AuditEntry, auditActionLabels, auditActions, auditMessages } from '../../../../shared/audit.ts';
import { roleLabels } from '../../../../shared/auth-labels.ts';
import { LoadedList, LoadMoreButton } from '../../../components/list-states.tsx';
import { SectionHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useDownloadActivity } from '../api/download-activity.ts';
import { type ActivityFilter, useActivity } from '../api/get-activity.ts';
import { useActivityPeople } from '../api/get-activity-people.ts';

const actionOptions = auditActions.map((action) => ({ value: action, label: auditActionLabels[action] }));

const actionLabel = (action: string) => (auditActionLabels as Record<string, string>)[action] ?? action;

function who(entry: AuditEntry) {
  if (entry.user) return entry.role ? `${entry.user.name} (${roleLabels[entry.role]})` : entry.user.name;
  // No user: someone not signed in (a failed sign-in, the contact form), or the app's own schedule.
  return entry.route === null ? 'Cratekeeper (scheduled)' : 'Not signed in';
}

// The server's record types in the farm's words.
const recordNames: Record<string, string> = {
  'crate-movement': 'stock entry',
  'pepper-pricing': 'price',
  'client-transaction': 'loan',
  'produce-offer': 'offer',
  email: 'e-mail',
};

function recordLabel(entry: AuditEntry) {
  if (!entry.recordType) return null;
  const name = recordNames[entry.recordType] ?? entry.recordType.replace(/-/g, ' ');
  return entry.recordId === null ? name : `${name} #${entry.recordId}`;
}

function ActivityEntry({ entry }: { entry: AuditEntry }) {
  const record = recordLabel(entry);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={actionLabel(entry.action)}
      data-testid="activity-entry"
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {actionLabel(entry.action)}
        </Text>
        <Text size="xs" c="gray.7" style={{ flexShrink: 0 }}>
          {formatDateTime(entry.createdAt)}
        </Text>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {who(entry)}
        {record && ` · ${record}`}
      </Text>
      {entry.summary && (
        <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }} data-testid="activity-summary">
          {entry.summary}
        </Text>
      )}
      {entry.address && (
        <Text size="xs" c="gray.7">
          Address {entry.address}
        </Text>
      )}
    </Paper>
  );
}

type FiltersProps = {
  filter: ActivityFilter;
  set: (change: Partial<ActivityFilter>) => void;
  datesOutOfOrder: boolean;
};

/** Person, action and the date range; the person list includes removed users, so marked. */
function ActivityFilters({ filter, set, datesOutOfOrder }: FiltersProps) {
  const people = useActivityPeople();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" mb="sm">
      <Select
        label="Person"
        placeholder="Everyone"
        data={(people.data ?? []).map((p) => ({
          value: String(p.id),
          label: `${p.name} (${roleLabels[p.role]}${p.isActive ? '' : ', removed'})`,
        }))}
        value={filter.userId === undefined ? null : String(filter.userId)}
        onChange={(v) => set({ userId: v ? Number(v) : undefined })}
        searchable
        clearable
        nothingFoundMessage="No one by that name"
      />
      <Select
        label="Action"
        placeholder="All actions"
        data={actionOptions}
        value={filter.action ?? null}
        onChange={(v) => set({ action: v ?? undefined })}
        searchable
        clearable
        nothingFoundMessage="No such action"
      />
      <TextInput
        type="date"
        label="From"
        value={filter.from ?? ''}
        onChange={(e) => set({ from: e.currentTarget.value || undefined })}
      />
      <TextInput
        type="date"
        label="To"
        value={filter.to ?? ''}
        onChange={(e) => set({ to: e.currentTarget.value || undefined })}
        error={datesOutOfOrder ? auditMessages.dateOrder : undefined}
      />
    </SimpleGrid>
  );
}

function ActivityActions({
  filter,
  filtered,
  datesOutOfOrder,
  onClear,
}: {
  filter: ActivityFilter;
  filtered: boolean;
  datesOutOfOrder: boolean;
  onClear: () => void;
}) {
  const download = useDownloadActivity();
  const onDownload = () =>
    download.mutate(filter, { onError: (error) => notifyError(errorMessage(error, auditMessages.downloadFailed)) });
  return (
    <Group gap="sm" mb="md">
      <Button
        leftSection={<IconDownload size={18} aria-hidden />}
        onClick={onDownload}
        loading={download.isPending}
        disabled={datesOutOfOrder}
      >
        Download CSV
      </Button>
      {filtered && (
        <Button variant="default" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}

function ActivityEntries({ filter, filtered }: { filter: ActivityFilter; filtered: boolean }) {
  const activity = useActivity(filter);
  const entries = activity.data?.pages.flat();
  return (
    <>
      <LoadedList
        isPending={activity.isPending}
        failed={activity.isError && !entries}
        failedMessage={auditMessages.loadFailed}
        isEmpty={!entries || entries.length === 0}
        empty={
          <Text c="gray.7" py="md" ta="center">
            {filtered ? 'No activity matches these filters.' : 'No activity yet.'}
          </Text>
        }
        skeletonHeight={72}
      >
        <Stack gap="xs" data-testid="activity-list">
          {entries?.map((entry) => (
            <ActivityEntry key={entry.id} entry={entry} />
          ))}
        </Stack>
      </LoadedList>
      <LoadMoreButton query={activity} />
    </>
  );
}

export function ActivityLog() {
  const [filter, setFilter] = useState<ActivityFilter>({});
  const datesOutOfOrder = !!filter.from && !!filter.to && filter.from > filter.to;
  const filtered = Object.values(filter).some((v) => v !== undefined && v !== '');
  const set = (change: Partial<ActivityFilter>) => setFilter((f) => ({ ...f, ...change }));

  return (
    <Card withBorder radius="md" p="lg" id="activity" component="section" aria-labelledby="activity-title">
      <SectionHeader
        id="activity-title"
        title="Activity"
        description="Everything done in Cratekeeper, newest first: who did what, to which record, and when. Failed sign-ins and refused requests are here too. Entries can never be changed or removed."
      />
      <ActivityFilters filter={filter} set={set} datesOutOfOrder={datesOutOfOrder} />
      <ActivityActions
        filter={filter}
        filtered={filtered}
        datesOutOfOrder={datesOutOfOrder}
        onClear={() => setFilter({})}
      />
      {/* Dates out of order: nothing is asked of the server until they are put right. */}
      {!datesOutOfOrder && <ActivityEntries filter={filter} filtered={filtered} />}
    </Card>
  );
}
