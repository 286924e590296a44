// One card for a weekly chart (decision 070): the chart, or the same figures as a table, and a CSV of
// them, with thumb-sized controls. The farm's holdings and both loss-rate trends use it; the chart it
// is given may be a lazy component (its chart library in its own chunk), shown when it has loaded.
import { Alert, Button, Card, Group, SegmentedControl, Skeleton, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, Suspense, useState } from 'react';
import { NothingSaved } from '../../../components/nothing-saved.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';

type ChartCardProps = {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  intro?: ReactNode;
  /** Above the figures: a choice of what they show (an agent). */
  choice?: ReactNode;
  /** Saves the CSV; null while there is nothing to save. */
  download: (() => void) | null;
  /** A sentence saying the figures could not be loaded, or null. */
  failed: string | null;
  /** Offline, and this phone kept no figures for it (decision 067). */
  nothingSaved?: boolean;
  loading: boolean;
  height: number;
  chart: ReactNode;
  table: ReactNode;
};

type View = 'chart' | 'table';

/** Chart or table, and the CSV: thumb-sized (44 px). */
function ChartControls({
  view,
  setView,
  download,
}: {
  view: View;
  setView: (view: View) => void;
  download: (() => void) | null;
}) {
  const t = useT();
  return (
    <Group gap="sm">
      <SegmentedControl
        aria-label={t('components.chartView')}
        value={view}
        onChange={(v) => setView(v === 'table' ? 'table' : 'chart')}
        data={[
          { value: 'chart', label: t('components.chartViewChart') },
          { value: 'table', label: t('components.chartViewTable') },
        ]}
        styles={{ label: { minHeight: 44, display: 'flex', alignItems: 'center' } }}
      />
      <Button
        variant="default"
        mih={44}
        leftSection={<IconDownload size={18} aria-hidden />}
        onClick={download ?? undefined}
        disabled={download === null}
      >
        {t('components.chartDownloadCsv')}
      </Button>
    </Group>
  );
}

export function ChartCard({
  id,
  title,
  intro,
  choice,
  download,
  failed,
  nothingSaved,
  loading,
  height,
  chart,
  table,
}: ChartCardProps) {
  const [view, setView] = useState<View>('chart');
  const placeholder = <Skeleton h={height} />;
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <div>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {intro && (
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          )}
        </div>
        <ChartControls view={view} setView={setView} download={download} />
      </Group>
      {choice}
      {nothingSaved ? (
        <NothingSaved />
      ) : failed ? (
        <Alert color="red">{failed}</Alert>
      ) : loading ? (
        placeholder
      ) : view === 'chart' ? (
        <Suspense fallback={placeholder}>{chart}</Suspense>
      ) : (
        table
      )}
    </Card>
  );
}
