// The spec §4 stock level of an agent (full over total) as a coloured badge.
import { Badge } from '@mantine/core';
import type { StockLevel } from '../../../../shared/agents.ts';
import { useT } from '../../../lib/i18n/use-t.ts';

// Filled with auto contrast, like the availability badges: yellow and orange text fail WCAG
// contrast on their light tints, and white fails on gray.6 and red.6.
// The keys are the stored levels, not words on the screen.
const colors: Record<StockLevel, string> = {
  'No Stock': 'gray.7', // i18n-ignore: a stored level
  'Well Stocked': 'green', // i18n-ignore: a stored level
  'Moderate Stock': 'yellow', // i18n-ignore: a stored level
  'Low Stock': 'orange', // i18n-ignore: a stored level
  Critical: 'red.9',
};

/** Each level's words: the agent sees its badge on its dashboard, so they are in an agent namespace. */
const labelKeys: Record<StockLevel, string> = {
  'No Stock': 'reports.stockNone', // i18n-ignore: a stored level
  'Well Stocked': 'reports.stockWell', // i18n-ignore: a stored level
  'Moderate Stock': 'reports.stockModerate', // i18n-ignore: a stored level
  'Low Stock': 'reports.stockLow', // i18n-ignore: a stored level
  Critical: 'reports.stockCritical',
};

export function StockBadge({ level }: { level: StockLevel }) {
  const t = useT();
  return (
    <Badge color={colors[level]} variant="filled" autoContrast>
      {t(labelKeys[level])}
    </Badge>
  );
}
