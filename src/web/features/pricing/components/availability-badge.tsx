// A price row's availability (In Season, Limited, Out of Season) as a coloured badge.
import { Badge } from '@mantine/core';
import type { Availability } from '../../../../shared/pricing-format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';

// Filled with auto contrast: light variants of orange and gray fail WCAG contrast on white.
const colour: Record<Availability, string> = { 'In Season': 'green', Limited: 'orange', 'Out of Season': 'gray.7' }; // i18n-ignore: stored values

/** Each availability's catalogue key (the stored value stays English). */
export const availabilityKeys: Record<Availability, string> = {
  'In Season': 'pricing.availabilityInSeason', // i18n-ignore: a stored value
  Limited: 'pricing.availabilityLimited',
  'Out of Season': 'pricing.availabilityOutOfSeason', // i18n-ignore: a stored value
};

export function AvailabilityBadge({ availability }: { availability: Availability }) {
  const t = useT();
  return (
    <Badge color={colour[availability] ?? 'gray.7'} variant="filled" autoContrast radius="sm">
      {availabilityKeys[availability] ? t(availabilityKeys[availability]) : availability}
    </Badge>
  );
}
