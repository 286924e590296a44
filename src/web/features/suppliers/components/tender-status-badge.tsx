// A tender's status (spec §3: anything but accepted or rejected reads as pending).
import type { TenderStatus } from '../../../../shared/suppliers.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { StatusPill, type Tone } from './status-pill.tsx';

/** Each status's look and catalogue key. */
const look: Record<TenderStatus, { tone: Tone; label: string }> = {
  pending: { tone: 'waiting', label: 'suppliers.tenderPending' },
  accepted: { tone: 'done', label: 'suppliers.tenderAcceptedStatus' },
  rejected: { tone: 'refused', label: 'suppliers.tenderRejectedStatus' },
};

export function TenderStatusBadge({ status }: { status: TenderStatus }) {
  const t = useT();
  const { tone, label } = look[status] ?? look.pending;
  return <StatusPill tone={tone}>{t(label)}</StatusPill>;
}
