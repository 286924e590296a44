// After damaged crates are booked — a client's return on the Return Crates dialog, the farm's count of
// returned empties on Count and Acknowledge — the app may offer a photo of them (decisions 053, 056).
// Shared by the clients and transmissions features, which do not import each other or the evidence
// feature: the app route provides what to show for the record; without it, no step.
import { Button, Modal, Stack, Text } from '@mantine/core';
import { createContext, type ReactNode, useContext, useState } from 'react';

/** The record whose photos show the damaged crates: the loan, or the transmission of returned empties. */
export type DamagedRecord = { recordKind: 'client-transaction' | 'transmission'; recordId: number };

/** What the app shows in the step for a record: its photos and "Add a photo" (`subject` names them). */
export const DamagePhotoStep = createContext<((record: DamagedRecord, subject: string) => ReactNode) | null>(null);

export const useDamagePhotoStep = () => useContext(DamagePhotoStep);

/** The step after the booking: what was booked, the record's photos, then Done. */
function DamagePhotoDialog({
  record,
  subject,
  intro,
  onClose,
}: {
  record: DamagedRecord;
  /** What the photos show: "Alpha Greens’s damaged crates". */
  subject: string;
  /** What was booked and what to do: "The return is booked. Add a photo of …, or close." */
  intro: string;
  onClose: () => void;
}) {
  const step = useDamagePhotoStep();
  return (
    <Modal opened onClose={onClose} title="Damaged crates" centered>
      <Stack gap="sm">
        <Text size="sm">{intro}</Text>
        {step?.(record, subject)}
        <Button mih={44} variant="default" onClick={onClose}>
          Done
        </Button>
      </Stack>
    </Modal>
  );
}

type PhotoStepShown = { record: DamagedRecord; subject: string; intro: string };

/**
 * The step after a dialog books damaged crates: `offer(shown, damaged, queued)` opens it when crates
 * were marked damaged, the server has booked them (not only kept on the phone) and the app provides
 * the step, and says whether it did (if not, the dialog closes as usual); `dialog` is the step to show
 * in the dialog's place.
 */
export function useDamagePhotoFollowUp(onClose: () => void) {
  const step = useDamagePhotoStep();
  const [shown, setShown] = useState<PhotoStepShown | null>(null);
  const offer = (next: PhotoStepShown, damaged: number, queued: boolean) => {
    if (queued || !step || !(damaged > 0)) return false;
    setShown(next);
    return true;
  };
  const dialog = shown && <DamagePhotoDialog {...shown} onClose={onClose} />;
  return { offer, dialog };
}
