// Settings → Activity (decision 027): the farm's audit trail, newest first, filtered by person, action
// and date, a page at a time, and downloaded as CSV with the same filters.
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { type AuditEntry, auditActionLabels, auditActions, auditMessages } from '../../../../shared/audit.ts';
import { roleLabels } from '../../../../shared/auth.ts';
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

export function ActivityLog() {
  const [filter, setFilter] = useState<ActivityFilter>({});
  const people = useActivityPeople();
  const download = useDownloadActivity();
  const datesOutOfOrder = !!filter.from && !!filter.to && filter.from > filter.to;
  const activity = useActivity(filter, !datesOutOfOrder);
  const entries = activity.data?.pages.flat();
  const filtered = Object.values(filter).some((v) => v !== undefined && v !== '');
  const set = (change: Partial<ActivityFilter>) => setFilter((f) => ({ ...f, ...change }));

  const onDownload = () =>
    download.mutate(filter, { onError: (error) => notifyError(errorMessage(error, auditMessages.downloadFailed)) });

  return (
    <Card withBorder radius="md" p="lg" id="activity" component="section" aria-labelledby="activity-title">
      <Stack gap={4} mb="md">
        <Title order={2} size="h4" id="activity-title">
          Activity
        </Title>
        <Text size="sm" c="gray.7">
          Everything done in Cratekeeper, newest first: who did what, to which record, and when. Failed sign-ins and
          refused requests are here too. Entries can never be changed or removed.
        </Text>
      </Stack>
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
          <Button variant="default" onClick={() => setFilter({})}>
            Clear filters
          </Button>
        )}
      </Group>
      {datesOutOfOrder ? null : activity.isPending ? (
        <Stack gap="sm">
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      ) : activity.isError && !entries ? (
        <Alert color="red" variant="light" role="alert">
          {auditMessages.loadFailed}
        </Alert>
      ) : !entries || entries.length === 0 ? (
        <Text c="gray.7" py="md" ta="center">
          {filtered ? 'No activity matches these filters.' : 'No activity yet.'}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="activity-list">
          {entries.map((entry) => (
            <ActivityEntry key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
      {activity.hasNextPage && !datesOutOfOrder && (
        <Center mt="md">
          <Button variant="light" onClick={() => activity.fetchNextPage()} loading={activity.isFetchingNextPage}>
            Load more
          </Button>
        </Center>
      )}
    </Card>
  );
}
