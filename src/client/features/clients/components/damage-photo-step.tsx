// After a return with damaged crates, the app may offer a photo of them (decision 053). Features do
// not import each other: the app route provides what to show for the loan; without it, nothing.
import { Button, Modal, Stack, Text } from '@mantine/core';
import { createContext, type ReactNode, useContext } from 'react';

export const DamagePhotoStep = createContext<((loanId: number, who: string) => ReactNode) | null>(null);

export const useDamagePhotoStep = () => useContext(DamagePhotoStep);

/** The step after the return: the photos of the damaged crates on this loan, then Done. */
export function DamagePhotoDialog({ loanId, who, onClose }: { loanId: number; who: string; onClose: () => void }) {
  const step = useDamagePhotoStep();
  return (
    <Modal opened onClose={onClose} title="Damaged crates" centered>
      <Stack gap="sm">
        <Text size="sm">The return is booked. Add a photo of {who}’s damaged crates, or close.</Text>
        {step?.(loanId, who)}
        <Button mih={44} variant="default" onClick={onClose}>
          Done
        </Button>
      </Stack>
    </Modal>
  );
}
