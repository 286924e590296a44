// The one confirmation before an action that cannot be taken back (decision 039): the dialog
// says what will happen (amount, crates, person), Cancel has the focus, and the confirm button names
// the action ('Accept tender for R 25 000.00'), red when it destroys or withdraws something.
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n/use-t.ts';

/** A button that starts a destructive action (Reject, Recall, Remove): red outline, 5.5:1 on white. */
export const destructiveButton = { color: 'red.9', variant: 'outline' } as const;

type ConfirmDialogProps = {
  title: string;
  /** What happens, in the farm's words: who, how many crates, how much, what can be undone and how. */
  children: ReactNode;
  /** The confirm button's words, naming the action: 'Recall 20 crates', 'Remove Thabo'. */
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  /** Red confirm button for an action that destroys or withdraws something. */
  destructive?: boolean;
  /** The action's failure, shown inside the dialog (a FormError). */
  error?: ReactNode;
  /** Nothing to do yet, or nothing at all (the body says why). */
  confirmDisabled?: boolean;
  /** Wider for a dialog that shows a document (an e-mail's preview). */
  size?: 'md' | 'lg';
};

// A long label ('Fulfil 500 crates for Letaba Peppers') wraps instead of being cut at 375 px.
const wrapping = { label: { whiteSpace: 'normal', textAlign: 'center' } } as const;

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  loading,
  destructive,
  error,
  confirmDisabled,
  size = 'md',
}: ConfirmDialogProps) {
  const t = useT();
  return (
    <Modal opened onClose={onClose} title={title} centered size={size}>
      <Stack>
        {children}
        {error}
        <Group justify="flex-end" gap="sm">
          {/* Cancel is focused first: Enter or a slip of the thumb changes nothing. */}
          <Button variant="default" mih={44} onClick={onClose} disabled={loading} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button
            mih={44}
            h="auto"
            py={6}
            styles={wrapping}
            color={destructive ? 'red.8' : undefined}
            loading={loading}
            disabled={confirmDisabled}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
