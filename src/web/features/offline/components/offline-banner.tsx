// Where the phone stands (decision 036), under the header on every signed-in screen:
// "Offline — 2 changes waiting to send" and the age of what the screens show while offline; once back
// online, the changes still being sent, or the one the server did not accept. Its button opens the
// list of waiting changes.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Suspense, useEffect, useState } from 'react';
import { fromNow } from '../../../lib/format.ts';
import { translateEnglish } from '../../../lib/i18n/english-messages.ts';
import { t } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { lazyComponent } from '../../../lib/lazy-component.tsx';
import { changeAction, changeWho } from '../../../lib/offline/change-words.ts';
import { waitingText } from '../../../lib/offline/changes.ts';
import { type QueueStatus, useOnline, useQueueStatus } from '../../../lib/offline/status.ts';

const WaitingChanges = lazyComponent(() => import('./waiting-changes.tsx').then((m) => m.WaitingChanges));

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "as of 14:32 (5 minutes ago)", or with the day when it is older than today. */
export function ageText(at: number): string {
  const when = dayjs(at);
  const month = t('dates.months').split(' ')[when.month()];
  const time = when.isSame(Date.now(), 'day')
    ? when.format('HH:mm')
    : `${when.date()} ${month}, ${when.format('HH:mm')}`;
  return t('offline.asOf', { time, ago: fromNow(when.toDate()) });
}

/** The oldest answer on screen (the queries in use), re-read every 15 s and when the cache changes. */
function useShownDataAge(): number | null {
  const queryClient = useQueryClient();
  const [oldest, setOldest] = useState<number | null>(null);
  useEffect(() => {
    const read = () => {
      const times = queryClient
        .getQueryCache()
        .findAll({ type: 'active' })
        .map((q) => q.state.dataUpdatedAt)
        .filter((time) => time > 0);
      setOldest(times.length > 0 ? Math.min(...times) : null);
    };
    read();
    const timer = setInterval(read, 15_000);
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' || event.type === 'observerAdded' || event.type === 'observerRemoved') read();
    });
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [queryClient]);
  return oldest;
}

function DataAge() {
  const t = useT();
  const oldest = useShownDataAge();
  return (
    <Text size="sm" data-testid="data-age">
      {oldest === null ? t('offline.nothingSaved') : t('offline.showingLastSeen', { age: ageText(oldest) })}
    </Text>
  );
}

/** The banner's first line: offline first, then a refusal, a session to renew, a send under way. */
function headlineOf(online: boolean, status: QueueStatus): string {
  const waiting = waitingText(status.changes.length);
  if (!online) return t('offline.headlineOffline', { waiting });
  if (status.changes.some((c) => c.refusal)) return t('offline.headlineRefused', { waiting });
  if (status.stoppedBy === 'signed-out') return t('offline.headlineSignIn', { waiting });
  return status.sendingId ? t('offline.headlineSending', { waiting }) : capitalised(waiting);
}

function BannerIcon({ online, refused }: { online: boolean; refused: boolean }) {
  if (refused) return <IconAlertTriangle size={18} aria-hidden />;
  return online ? <IconCloudUpload size={18} aria-hidden /> : <IconCloudOff size={18} aria-hidden />;
}

export function OfflineBanner() {
  const t = useT();
  const online = useOnline();
  const status = useQueueStatus();
  const [listOpen, setListOpen] = useState(false);
  const refused = status.changes.find((c) => c.refusal);
  const n = status.changes.length;
  const list = listOpen && (
    <Suspense fallback={null}>
      <WaitingChanges onClose={() => setListOpen(false)} />
    </Suspense>
  );
  if (online && n === 0) return list || null;

  return (
    <Alert
      role="status"
      color={refused ? 'red' : online ? 'yellow' : 'gray'}
      variant="light"
      radius={0}
      mb="sm"
      icon={<BannerIcon online={online} refused={!!refused} />}
      data-testid="offline-banner"
    >
      <Stack gap={6} align="flex-start">
        <Text size="sm" fw={700} data-testid="offline-banner-text">
          {headlineOf(online, status)}
        </Text>
        {!online && <DataAge />}
        {refused && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('offline.refusedFor', {
              what: changeAction(refused),
              who: changeWho(refused),
              message: translateEnglish(refused.refusal?.message ?? ''),
            })}
          </Text>
        )}
        {n > 0 && (
          <Button size="xs" variant="white" color="dark" onClick={() => setListOpen(true)}>
            {refused ? t('offline.fixIt') : t('offline.seeWaiting')}
          </Button>
        )}
      </Stack>
      {list}
    </Alert>
  );
}
