// A transmission's status badge and, once counted, whether the count matched (Verified) or not.
import { Badge } from '@mantine/core';
import type { Transmission, TransmissionStatus, TransmissionType } from '../../../../shared/transmissions.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';

const statusLabels: Record<TransmissionStatus, { label: string; color: string }> = {
  pending: { label: 'transmissions.statusPending', color: 'yellow' },
  in_transit: { label: 'transmissions.statusInTransit', color: 'blue' },
  delivered: { label: 'transmissions.statusDelivered', color: 'cyan' },
  acknowledged: { label: 'transmissions.statusAcknowledged', color: 'green' },
  recalled: { label: 'transmissions.statusRecalled', color: 'gray.7' },
};

const typeKeys: Record<TransmissionType, string> = {
  farm_to_market: 'transmissions.typeFarmToMarket',
  market_to_farm: 'transmissions.typeMarketToFarm',
  supplier_to_farm: 'transmissions.typeSupplierToFarm',
};

/** "Farm to Market", … in the current language. */
export const typeLabel = (type: TransmissionType) => translate(typeKeys[type]);

export function StatusBadge({ status }: { status: Transmission['status'] | null | undefined }) {
  const t = useT();
  // Spec §3: a missing status counts as pending.
  const key = status ?? 'pending';
  const { label, color } = statusLabels[key];
  // Yellow text fails contrast on its light tint, so Pending is filled with dark text; Recalled is
  // filled dark gray so it reads as "closed" next to the light badges.
  return (
    <Badge color={color} variant={key === 'pending' || key === 'recalled' ? 'filled' : 'light'} autoContrast>
      {t(label)}
    </Badge>
  );
}

/** "Flagged: 2 short" / "Flagged: 3 over" for a count that differs, "Verified" when it matched. */
export function countLabel(tr: Pick<Transmission, 'status' | 'difference'>): string | null {
  if (tr.status !== 'acknowledged' || tr.difference === null) return null;
  if (tr.difference === 0) return translate('transmissions.verified');
  return tr.difference < 0
    ? translate('transmissions.flaggedShort', { count: -tr.difference })
    : translate('transmissions.flaggedOver', { count: tr.difference });
}

export function CountBadge({ transmission }: { transmission: Transmission }) {
  const t = useT();
  const label = countLabel(transmission);
  if (!label) return null;
  if (transmission.difference === 0) {
    return (
      <Badge color="green" variant="outline">
        {t('transmissions.verified')}
      </Badge>
    );
  }
  return (
    <Badge color={transmission.resolvedAt ? 'gray.7' : 'red.9'} variant="filled">
      {label}
      {transmission.resolvedAt ? ` · ${t('transmissions.resolvedBadge')}` : ''}
    </Badge>
  );
}
