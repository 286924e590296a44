// The spec §4 stock level of an agent (full over total) as a coloured badge.
import { Badge } from '@mantine/core';
import type { StockLevel } from '../../../../shared/agents.ts';

// Filled with auto contrast, like the availability badges: yellow and orange text fail WCAG
// contrast on their light tints, and white fails on gray.6 and red.6.
const colors: Record<StockLevel, string> = {
  'No Stock': 'gray.7',
  'Well Stocked': 'green',
  'Moderate Stock': 'yellow',
  'Low Stock': 'orange',
  Critical: 'red.9',
};

export function StockBadge({ level }: { level: StockLevel }) {
  return (
    <Badge color={colors[level]} variant="filled" autoContrast>
      {level}
    </Badge>
  );
}
