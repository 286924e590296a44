// Settings → Activity (decision 027): the farm's audit trail, newest first, filtered by person, action
// and date, a page at a time, and downloaded as CSV with the same filters.
import { Button, Card, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { type AuditEntry, auditActionKeys, auditActions } from '../../../../shared/audit.ts';
import { roleLabels } from '../../../../shared/auth-labels.ts';
import { LoadedList, LoadMoreButton } from '../../../components/list-states.tsx';
import { SectionHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useDownloadActivity } from '../api/download-activity.ts';
import { type ActivityFilter, useActivity } from '../api/get-activity.ts';
import { useActivityPeople } from '../api/get-activity-people.ts';

type Say = (key: string, values?: Record<string, string | number>) => string;

/** An action's words; an action this screen does not know stays as the server named it. */
const actionLabel = (action: string, t: Say) => {
  const key = (auditActionKeys as Record<string, string>)[action];
  return key ? t(key) : action;
};

function who(entry: AuditEntry, t: Say) {
  if (entry.user) return entry.role ? `${entry.user.name} (${roleLabels[entry.role]})` : entry.user.name;
  // No user: someone not signed in (a failed sign-in, the contact form), or the app's own schedule.
  return entry.route === null ? t('audit.scheduled') : t('audit.notSignedIn');
}

// The server's record types in the farm's words (catalogue keys).
const recordNames: Record<string, string> = {
  'crate-movement': 'audit.recordStockEntry',
  'pepper-pricing': 'audit.recordPrice',
  'client-transaction': 'audit.recordLoan',
  'produce-offer': 'audit.recordOffer',
  email: 'audit.recordEmail',
};

function recordLabel(entry: AuditEntry, t: Say) {
  if (!entry.recordType) return null;
  const key = recordNames[entry.recordType];
  const name = key ? t(key) : entry.recordType.replace(/-/g, ' ');
  return entry.recordId === null ? name : `${name} #${entry.recordId}`;
}

function ActivityEntry({ entry }: { entry: AuditEntry }) {
  const t = useT();
  const record = recordLabel(entry, t);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={actionLabel(entry.action, t)}
      data-testid="activity-entry"
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {actionLabel(entry.action, t)}
        </Text>
        <Text size="xs" c="gray.7" style={{ flexShrink: 0 }}>
          {formatDateTime(entry.createdAt)}
        </Text>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {who(entry, t)}
        {record && ` · ${record}`}
      </Text>
      {entry.summary && (
        <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }} data-testid="activity-summary">
          {entry.summary}
        </Text>
      )}
      {entry.address && (
        <Text size="xs" c="gray.7">
          {t('audit.address', { address: entry.address })}
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
  const t = useT();
  const people = useActivityPeople();
  const actionOptions = auditActions.map((action) => ({ value: action, label: actionLabel(action, t) }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" mb="sm">
      <Select
        label={t('audit.personField')}
        placeholder={t('audit.everyone')}
        data={(people.data ?? []).map((p) => ({
          value: String(p.id),
          label: `${p.name} (${roleLabels[p.role]}${p.isActive ? '' : t('audit.removedSuffix')})`,
        }))}
        value={filter.userId === undefined ? null : String(filter.userId)}
        onChange={(v) => set({ userId: v ? Number(v) : undefined })}
        searchable
        clearable
        nothingFoundMessage={t('audit.noOne')}
      />
      <Select
        label={t('audit.actionField')}
        placeholder={t('audit.allActions')}
        data={actionOptions}
        value={filter.action ?? null}
        onChange={(v) => set({ action: v ?? undefined })}
        searchable
        clearable
        nothingFoundMessage={t('audit.noSuchAction')}
      />
      <TextInput
        type="date"
        label={t('audit.from')}
        value={filter.from ?? ''}
        onChange={(e) => set({ from: e.currentTarget.value || undefined })}
      />
      <TextInput
        type="date"
        label={t('audit.to')}
        value={filter.to ?? ''}
        onChange={(e) => set({ to: e.currentTarget.value || undefined })}
        error={datesOutOfOrder ? t('reports.dateOrder') : undefined}
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
  const t = useT();
  const download = useDownloadActivity();
  const onDownload = () =>
    download.mutate(filter, { onError: (error) => notifyError(errorMessage(error, t('audit.downloadFailed'))) });
  return (
    <Group gap="sm" mb="md">
      <Button
        leftSection={<IconDownload size={18} aria-hidden />}
        onClick={onDownload}
        loading={download.isPending}
        disabled={datesOutOfOrder}
      >
        {t('audit.downloadCsv')}
      </Button>
      {filtered && (
        <Button variant="default" onClick={onClear}>
          {t('audit.clearFilters')}
        </Button>
      )}
    </Group>
  );
}

function ActivityEntries({ filter, filtered }: { filter: ActivityFilter; filtered: boolean }) {
  const t = useT();
  const activity = useActivity(filter);
  const entries = activity.data?.pages.flat();
  return (
    <>
      <LoadedList
        isPending={activity.isPending}
        failed={activity.isError && !entries}
        failedMessage={t('audit.loadFailed')}
        isEmpty={!entries || entries.length === 0}
        empty={
          <Text c="gray.7" py="md" ta="center">
            {filtered ? t('audit.noMatches') : t('audit.noActivity')}
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
  const t = useT();
  const [filter, setFilter] = useState<ActivityFilter>({});
  const datesOutOfOrder = !!filter.from && !!filter.to && filter.from > filter.to;
  const filtered = Object.values(filter).some((v) => v !== undefined && v !== '');
  const set = (change: Partial<ActivityFilter>) => setFilter((f) => ({ ...f, ...change }));

  return (
    <Card withBorder radius="md" p="lg" id="activity" component="section" aria-labelledby="activity-title">
      <SectionHeader id="activity-title" title={t('audit.title')} description={t('audit.description')} />
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
