// A button on a record's card that opens a dialog about that record (an agent's stock takes, its
// damaged crates). The button's name is its visible words first, then whose they are (WCAG 2.5.3:
// every card has one); the dialog's body is mounted, and so reads its data, only while it is open.
import { Button } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { KeepInputModal } from './keep-input.tsx';

export function CardButtonDialog({ label, whose, children }: { label: string; whose: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const title = `${label}: ${whose}`;
  return (
    <>
      <Button variant="light" mih={44} mt="sm" fullWidth onClick={() => setOpen(true)} aria-label={title}>
        {label}
      </Button>
      {open && (
        <KeepInputModal onClose={() => setOpen(false)} title={title} centered>
          {children}
        </KeepInputModal>
      )}
    </>
  );
}
