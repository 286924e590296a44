// A transmission's status badge and, once counted, whether the count matched (Verified) or not.
import { Badge } from '@mantine/core';
import type { Transmission, TransmissionStatus } from '../../../../shared/transmissions.ts';

const statusLabels: Record<TransmissionStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  in_transit: { label: 'In Transit', color: 'blue' },
  delivered: { label: 'Delivered', color: 'cyan' },
  acknowledged: { label: 'Acknowledged', color: 'green' },
  recalled: { label: 'Recalled', color: 'gray.7' },
};

export function StatusBadge({ status }: { status: Transmission['status'] | null | undefined }) {
  // Spec §3: a missing status counts as pending.
  const key = status ?? 'pending';
  const { label, color } = statusLabels[key];
  // Yellow text fails contrast on its light tint, so Pending is filled with dark text; Recalled is
  // filled dark gray so it reads as "closed" next to the light badges.
  return (
    <Badge color={color} variant={key === 'pending' || key === 'recalled' ? 'filled' : 'light'} autoContrast>
      {label}
    </Badge>
  );
}

/** "Flagged: 2 short" / "Flagged: 3 over" for a count that differs, "Verified" when it matched. */
export function countLabel(t: Pick<Transmission, 'status' | 'difference'>): string | null {
  if (t.status !== 'acknowledged' || t.difference === null) return null;
  if (t.difference === 0) return 'Verified';
  return t.difference < 0 ? `Flagged: ${-t.difference} short` : `Flagged: ${t.difference} over`;
}

export function CountBadge({ transmission }: { transmission: Transmission }) {
  const label = countLabel(transmission);
  if (!label) return null;
  if (label === 'Verified') {
    return (
      <Badge color="green" variant="outline">
        Verified
      </Badge>
    );
  }
  return (
    <Badge color={transmission.resolvedAt ? 'gray.7' : 'red.9'} variant="filled">
      {label}
      {transmission.resolvedAt ? ' · Resolved' : ''}
    </Badge>
  );
}
