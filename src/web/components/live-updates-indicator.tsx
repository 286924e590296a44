// "Updates paused — reconnecting": shown in the header only when live updates have been down for a
// few seconds, so a page load or a quick reconnect doesn't flash it. Screens still poll meanwhile.
import { Group, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n/use-t.ts';
import { useLiveUpdates } from '../lib/polling.ts';

/** How long updates must be down before the header says so. */
export const PAUSED_NOTICE_DELAY_MS = 3000;

export function LiveUpdatesIndicator() {
  const t = useT();
  const live = useLiveUpdates();
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (live) {
      setPaused(false);
      return;
    }
    const timer = setTimeout(() => setPaused(true), PAUSED_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [live]);

  // The status region is always there, so a screen reader hears the notice when it appears.
  return (
    <div role="status" data-testid="live-updates-status" style={{ minWidth: 0 }}>
      {paused && (
        <Group gap={6} wrap="nowrap">
          <IconPlugConnectedX size={16} stroke={1.8} aria-hidden color="var(--mantine-color-gray-7)" />
          <Text size="xs" c="gray.7" lh={1.2}>
            {t('components.updatesPaused')}
          </Text>
        </Group>
      )}
    </div>
  );
}
