// A form in a dialog: the Modal, the form (named for screen readers, no browser validation: the form's
// schema says what is wrong under each field) and the column its fields stand in. The fields, the
// FormError and the FormActions are the caller's, in that order (spec §8: failures inside the dialog).
// Closing it with ✕, Escape or a tap outside after typing asks first (decision 061).
import { Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { KeepInputModal } from './keep-input.tsx';

type FormDialogProps = {
  /** The dialog's title in the farm's words: 'Lend Crates'. */
  title: string;
  /** The form's accessible name: 'Lend crates'. */
  label: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  /** The form holds input (its `isDirty()`); without it, anything typed or picked counts. */
  held?: boolean;
};

export function FormDialog({ title, label, onClose, onSubmit, children, held }: FormDialogProps) {
  return (
    <KeepInputModal onClose={onClose} held={held} title={title} centered>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack>{children}</Stack>
      </form>
    </KeepInputModal>
  );
}
