// A price row's availability (In Season, Limited, Out of Season) as a coloured badge.
import { Badge } from '@mantine/core';
import type { Availability } from '../../../../shared/pricing-format.ts';

const colour: Record<Availability, string> = { 'In Season': 'green', Limited: 'orange', 'Out of Season': 'gray' };

export function AvailabilityBadge({ availability }: { availability: Availability }) {
  return (
    <Badge color={colour[availability] ?? 'gray'} variant="light" radius="sm">
      {availability}
    </Badge>
  );
}
