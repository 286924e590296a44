// "Recall" on a still-pending transmission its sender may take back (docs/decisions/012), after a
// confirmation that says how many crates go back where (decision 039).
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { ConfirmDialog, destructiveButton } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRecallTransmission } from '../api/recall-transmission.ts';

/** Where a recalled transmission's crates go (DESIGN §4: from transit back where they came from). */
export function recallConsequence(tr: Transmission): string {
  const count = tr.quantity;
  if (tr.type === 'farm_to_market') return translate('transmissions.recallToFarm', { count, to: tr.toName });
  if (tr.type === 'market_to_farm')
    return translate('transmissions.recallToAgent', { count, agent: tr.agentName ?? tr.fromName, to: tr.toName });
  return translate('transmissions.recallRequest', { count });
}

export function RecallButton({ transmission: tr }: { transmission: Transmission }) {
  const t = useT();
  const recall = useRecallTransmission();
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setConfirming(false);
    recall.reset();
  };
  return (
    <>
      <Button
        {...destructiveButton}
        size="sm"
        aria-label={t('transmissions.recallLabel', { count: tr.quantity, to: tr.toName })}
        onClick={() => setConfirming(true)}
      >
        {t('transmissions.recallButton')}
      </Button>
      {confirming && (
        <ConfirmDialog
          title={t('transmissions.recallTitle')}
          confirmLabel={t('transmissions.recallConfirm', { count: tr.quantity })}
          destructive
          loading={recall.isPending}
          onClose={close}
          onConfirm={() =>
            recall.mutate(tr.id, {
              onSuccess: () => {
                notifySuccess(translate('transmissions.recalled'));
                setConfirming(false);
              },
              onError: (err) => notifyError(errorMessage(err, translate('transmissions.recallFailed'))),
            })
          }
          error={<FormError error={recall.error} fallback={t('transmissions.recallFailed')} />}
        >
          <Text fw={600}>
            {t('transmissions.recallQuestion', { count: tr.quantity, from: tr.fromName, to: tr.toName })}
          </Text>
          <Text size="sm">{recallConsequence(tr)}</Text>
        </ConfirmDialog>
      )}
    </>
  );
}
