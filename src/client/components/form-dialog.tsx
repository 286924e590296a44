// A form in a dialog: the Modal, the form (named for screen readers, no browser validation: the form's
// schema says what is wrong under each field) and the column its fields stand in. The fields, the
// FormError and the FormActions are the caller's, in that order (spec §8: failures inside the dialog).
import { Modal, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

type FormDialogProps = {
  /** The dialog's title in the farm's words: 'Lend Crates'. */
  title: string;
  /** The form's accessible name: 'Lend crates'. */
  label: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
};

export function FormDialog({ title, label, onClose, onSubmit, children }: FormDialogProps) {
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack>{children}</Stack>
      </form>
    </Modal>
  );
}
