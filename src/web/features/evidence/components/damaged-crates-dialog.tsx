// An agent's damaged crates for the farm store ("both sides see it", decision 056): a button on
// the agent's Market Agents card opens its damaged-crate entries — its clients' returns and its returned
// empties, newest first, ten at a time — each with the photos of its loan or transmission. The farm
// store may add a photo there too (it may on every record). Read when opened.
import { Divider, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import type { DamagedCrateEntry } from '../../../../shared/evidence.ts';
import { CardButtonDialog } from '../../../components/card-button-dialog.tsx';
import { LoadedList, LoadMoreButton } from '../../../components/list-states.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useDamagedCrates } from '../api/damaged-crates.ts';
import { EvidencePhotos } from './evidence-photos.tsx';

export function AgentDamagedCrates({ marketAgentId, agentName }: { marketAgentId: number; agentName: string }) {
  const t = useT();
  return (
    <CardButtonDialog label={t('evidence.damagedCrates')} whose={agentName}>
      <DamagedCratesList marketAgentId={marketAgentId} />
    </CardButtonDialog>
  );
}

function DamagedCratesList({ marketAgentId }: { marketAgentId: number }) {
  const t = useT();
  const query = useDamagedCrates(marketAgentId, true);
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <LoadedList
      isPending={query.isPending}
      failed={query.isError && entries.length === 0}
      failedMessage={t('evidence.damagedLoadFailed')}
      isEmpty={entries.length === 0}
      empty={<Text size="sm">{t('evidence.noDamaged')}</Text>}
      skeletonHeight={64}
    >
      <Stack gap="md">
        {entries.map((entry, i) => (
          <Fragment key={entry.id}>
            {i > 0 && <Divider />}
            <DamagedEntry entry={entry} />
          </Fragment>
        ))}
        <LoadMoreButton query={query} />
      </Stack>
    </LoadedList>
  );
}

/** Where the damaged crates came back: a client's return, or the agent's empties counted at the farm. */
const whereFrom = (entry: DamagedCrateEntry) =>
  entry.client ? `${entry.client.businessName} (${entry.client.clientName})` : translate('evidence.returnedEmpties');

function DamagedEntry({ entry }: { entry: DamagedCrateEntry }) {
  const t = useT();
  const subject = t('evidence.damagedSubject', { where: whereFrom(entry), count: entry.quantity });
  return (
    <Stack gap={4} data-testid="damaged-crates-entry">
      <Text size="sm" c="dimmed">
        {formatDateTime(entry.occurredAt)}
      </Text>
      <Text fw={600} size="sm">
        {subject}
      </Text>
      {entry.reason && <Text size="sm">{entry.reason}</Text>}
      <EvidencePhotos recordKind={entry.recordKind} recordId={entry.recordId} subject={subject} />
    </Stack>
  );
}
