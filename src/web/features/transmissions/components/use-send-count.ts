// Sends a checked count (or keeps it on the phone while offline), says so, then offers the photo of
// the damaged crates counted (decisions 056, 061) or closes the dialog.
import type { Transmission } from '../../../../shared/transmissions.ts';
import { useDamagePhotoFollowUp } from '../../../components/damage-photo-step.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/language.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAcknowledgeTransmission } from '../api/acknowledge-transmission.ts';
import { acknowledgedMessage } from '../messages.ts';

export function useSendCount(transmission: Transmission, onClose: () => void) {
  const acknowledge = useAcknowledgeTransmission();
  // Damaged crates counted (booked, or kept on the phone): the app offers a photo of them next (056, 061).
  const photoStep = useDamagePhotoFollowUp(onClose);

  const send = (count: number, damaged: number, damageReason: string, scannedStacks?: number[]) => {
    acknowledge.mutate(
      {
        id: transmission.id,
        actualQuantity: count,
        from: transmission.fromName,
        ...(scannedStacks ? { scannedStacks } : {}),
        ...(damaged > 0 ? { damagedQuantity: damaged, damageReason } : {}),
      },
      {
        onSuccess: (sent) => {
          notifySuccess(
            sent.queued ? t('offline.queued') : acknowledgedMessage(transmission.quantity, count),
            sent.queued ? t('offline.waitingToSend') : undefined,
          );
          const names = { from: transmission.fromName, to: transmission.toName };
          const step = {
            record: { recordKind: 'transmission' as const, recordId: transmission.id },
            subject: t('transmissions.photoSubject', names),
            intro: t('transmissions.photoIntro', names),
            queuedIntro: t('transmissions.photoQueuedIntro', names),
          };
          if (!photoStep.offer(step, damaged, sent)) onClose();
        },
        onError: (err) => notifyError(errorMessage(err, t('transmissions.acknowledgeFailed'))),
      },
    );
  };
  return { send, acknowledge, photoDialog: photoStep.dialog };
}
