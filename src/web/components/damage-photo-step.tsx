// After damaged crates are booked — a client's return on the Return Crates dialog, the farm's count of
// returned empties on Count and Acknowledge — the app may offer a photo of them (decisions 053, 056).
// Shared by the clients and transmissions features, which do not import each other or the evidence
// feature: the app route provides what to show for the record; without it, no step. A change kept on
// the phone gets the step too: the photo waits in the queue behind it (decision 061). Leaving the step
// with a photo chosen and not attached asks "Attach the photo you chose?" first (decision 061).
import { Button, Modal, Stack, Text } from '@mantine/core';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { useT } from '../lib/i18n/use-t.ts';
import { LeaveQuestion } from './keep-input.tsx';

/** The record whose photos show the damaged crates: the loan, or the transmission of returned empties. */
export type DamagedRecord = { recordKind: 'client-transaction' | 'transmission'; recordId: number };

/**
 * What the app shows in the step for a record: its photos and "Add a photo" (`subject` names them;
 * `after` is the id of the change still waiting on the phone that the photo goes with).
 */
export const DamagePhotoStep = createContext<
  ((record: DamagedRecord, subject: string, after?: string) => ReactNode) | null
>(null);

export const useDamagePhotoStep = () => useContext(DamagePhotoStep);

/** A photo chosen and not attached yet: `attach` sends (or queues) it, true once it is. */
export type HeldPhoto = { attach: () => Promise<boolean> }; // i18n-ignore: a type, not text

/** Where "Add a photo" says it holds a chosen photo, so the step around it does not drop it. */
export const PhotoHold = createContext<((held: HeldPhoto | null) => void) | null>(null);

/** The step after the booking: what was booked, the record's photos, then Done. */
function DamagePhotoDialog({
  record,
  subject,
  intro,
  after,
  onClose,
}: PhotoStepShown & {
  onClose: () => void;
}) {
  const t = useT();
  const step = useDamagePhotoStep();
  const [held, setHeld] = useState<HeldPhoto | null>(null);
  const [asking, setAsking] = useState(false);
  const [attaching, setAttaching] = useState(false);
  const leave = () => (held ? setAsking(true) : onClose());
  const attach = async () => {
    if (!held) return;
    setAttaching(true);
    const ok = await held.attach();
    setAttaching(false);
    setAsking(false);
    if (ok) onClose();
  };
  return (
    <>
      <Modal opened onClose={leave} title={t('components.damagedCrates')} centered>
        <Stack gap="sm">
          <Text size="sm">{intro}</Text>
          <PhotoHold.Provider value={setHeld}>{step?.(record, subject, after)}</PhotoHold.Provider>
          <Button mih={44} variant="default" onClick={leave}>
            {t('components.done')}
          </Button>
        </Stack>
      </Modal>
      {asking && (
        <LeaveQuestion
          title={t('components.attachChosenTitle')}
          keepLabel={t('components.attachPhoto')}
          leaveLabel={t('components.discardPhoto')}
          keepLoading={attaching}
          onKeep={() => void attach()}
          onLeave={onClose}
          onDismiss={() => setAsking(false)}
        >
          {t('components.photoNotAttached', { subject })}
        </LeaveQuestion>
      )}
    </>
  );
}

type PhotoStepShown = {
  record: DamagedRecord;
  /** What the photos show: "Alpha Greens’s damaged crates". */
  subject: string;
  /** What was booked (or kept on the phone) and what to do. */
  intro: string;
  /** The change waiting on the phone that a photo goes with. */
  after?: string;
};

/** What a return or count answered: sent now, or kept on the phone as change `change.id`. */
type SentOrKept = { queued: false } | { queued: true; change: { id: string } };

/**
 * The step after a dialog books damaged crates: `offer(shown, damaged, sent)` opens it when crates
 * were marked damaged and the app provides the step, and says whether it did (if not, the dialog
 * closes as usual); `dialog` is the step to show in the dialog's place. A change kept on the phone
 * gets `queuedIntro` and its photo waits behind it in the queue.
 */
export function useDamagePhotoFollowUp(onClose: () => void) {
  const step = useDamagePhotoStep();
  const [shown, setShown] = useState<PhotoStepShown | null>(null);
  const offer = (next: PhotoStepShown & { queuedIntro: string }, damaged: number, sent: SentOrKept) => {
    if (!step || !(damaged > 0)) return false;
    const { queuedIntro, ...rest } = next;
    setShown(sent.queued ? { ...rest, intro: queuedIntro, after: sent.change.id } : rest);
    return true;
  };
  const dialog = shown && <DamagePhotoDialog {...shown} onClose={onClose} />;
  return { offer, dialog };
}
