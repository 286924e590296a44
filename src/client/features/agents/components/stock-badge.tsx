// The spec §4 stock level of an agent (full over total) as a coloured badge.
import { Badge } from '@mantine/core';
import type { StockLevel } from '../../../../shared/agents.ts';

const colors: Record<StockLevel, string> = {
  'No Stock': 'gray',
  'Well Stocked': 'green',
  'Moderate Stock': 'yellow',
  'Low Stock': 'orange',
  Critical: 'red',
};

export function StockBadge({ level }: { level: StockLevel }) {
  return (
    <Badge color={colors[level]} variant="light">
      {level}
    </Badge>
  );
}
