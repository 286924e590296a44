// A tender's status (spec §3: anything but accepted or rejected reads as pending).
import type { TenderStatus } from '../../../../shared/suppliers.ts';
import { StatusPill, type Tone } from './status-pill.tsx';

const look: Record<TenderStatus, { tone: Tone; label: string }> = {
  pending: { tone: 'waiting', label: 'Pending' },
  accepted: { tone: 'done', label: 'Accepted' },
  rejected: { tone: 'refused', label: 'Rejected' },
};

export function TenderStatusBadge({ status }: { status: TenderStatus }) {
  const { tone, label } = look[status] ?? look.pending;
  return <StatusPill tone={tone}>{label}</StatusPill>;
}
