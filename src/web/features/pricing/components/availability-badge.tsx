// A price row's availability (In Season, Limited, Out of Season) as a coloured badge.
import { Badge } from '@mantine/core';
import type { Availability } from '../../../../shared/pricing-format.ts';

// Filled with auto contrast: light variants of orange and gray fail WCAG contrast on white.
const colour: Record<Availability, string> = { 'In Season': 'green', Limited: 'orange', 'Out of Season': 'gray.7' };

export function AvailabilityBadge({ availability }: { availability: Availability }) {
  return (
    <Badge color={colour[availability] ?? 'gray.7'} variant="filled" autoContrast radius="sm">
      {availability}
    </Badge>
  );
}
