// A dialog that holds what a person typed or chose never drops it silently (decision 061): once
// anything in it was typed or picked, its ✕, Escape and a tap outside ask "Discard what you entered?"
// first, with both answers. Its own Cancel button is the person's word and closes at once.
import { Button, Group, Modal, type ModalProps, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useT } from '../lib/i18n/use-t.ts';

/** The question before a dialog with input closes: keep it (back to the dialog) or discard it. */
export function LeaveQuestion({
  title,
  children,
  keepLabel,
  leaveLabel,
  onKeep,
  onLeave,
  onDismiss,
  keepLoading,
}: {
  title: string;
  children: ReactNode;
  /** The answer that keeps the input: 'Keep editing', 'Attach photo'. */
  keepLabel: string;
  /** The answer that drops it: 'Discard', 'Discard photo'. */
  leaveLabel: string;
  onKeep: () => void;
  onLeave: () => void;
  /** ✕ or Escape on the question: back to the dialog (by default, as `onKeep`). */
  onDismiss?: () => void;
  keepLoading?: boolean;
}) {
  return (
    <Modal opened onClose={onDismiss ?? onKeep} title={title} centered zIndex={300}>
      <Stack>
        <Text size="sm">{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" color="red" mih={44} onClick={onLeave} disabled={keepLoading}>
            {leaveLabel}
          </Button>
          <Button mih={44} onClick={onKeep} loading={keepLoading} data-autofocus>
            {keepLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Closing that asks first once the dialog holds input: `held` (the form says it is dirty) or anything
 * typed or picked inside `children` (input and change events, through portals too).
 */
export function useKeepInput(onClose: () => void, held?: boolean) {
  const t = useT();
  const [touched, setTouched] = useState(false);
  const [asking, setAsking] = useState(false);
  const holds = held ?? touched;
  const requestClose = () => (holds ? setAsking(true) : onClose());
  const watch = { onInputCapture: () => setTouched(true), onChangeCapture: () => setTouched(true) };
  const question = asking && (
    <LeaveQuestion
      title={t('components.discardTitle')}
      keepLabel={t('components.keepEditing')}
      leaveLabel={t('components.discard')}
      onKeep={() => setAsking(false)}
      onLeave={onClose}
    >
      {t('components.discardText')}
    </LeaveQuestion>
  );
  return { requestClose, watch, question };
}

/** A Modal whose ✕, Escape and outside tap ask before dropping what was typed or chosen in it. */
export function KeepInputModal({
  opened = true,
  onClose,
  held,
  children,
  ...props
}: Omit<ModalProps, 'opened'> & { opened?: boolean; held?: boolean }) {
  const keep = useKeepInput(onClose, held);
  return (
    <>
      <Modal opened={opened} onClose={keep.requestClose} {...props}>
        <div {...keep.watch}>{children}</div>
      </Modal>
      {keep.question}
    </>
  );
}
