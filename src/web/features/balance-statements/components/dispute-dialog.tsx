// Dispute a statement (decision 064): the closing balance the agent believes, why, and optionally a
// photo (shrunk on the phone to at most 300 KB). What was typed is never changed: the form's schema
// says what is wrong under the field and nothing is sent until it is right.
import { Image, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import {
  type BalanceStatement,
  disputeStatementBody,
  balanceStatementMessages as m,
  monthLabel,
} from '../../../../shared/balance-statements.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PhotoButton, usePhotoChoice } from '../../../components/photo-choice.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDisputeStatement } from '../api/statements.ts';

type Errors = Partial<Record<'believedClosing' | 'note' | 'photo', string>>;

// Long: one form's JSX: the figure, the note, the photo, send or cancel.
export function DisputeDialog({ statement, onClose }: { statement: BalanceStatement; onClose: () => void }) {
  const dispute = useDisputeStatement();
  const [believed, setBelieved] = useState<string | number>('');
  const [note, setNote] = useState('');
  const choice = usePhotoChoice();
  const photo = choice.photo;
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      believedClosing: typeof believed === 'number' ? believed : Number.NaN,
      note,
      photo: photo ? { contentType: photo.contentType, data: photo.base64 } : null,
    };
    const parsed = disputeStatementBody.safeParse(body);
    const found: Errors = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0] as keyof Errors;
      found[field] ??= issue.message;
    }
    if (parsed.success && parsed.data.believedClosing === statement.closing) found.believedClosing = m.sameFigure;
    setErrors(found);
    if (!parsed.success || found.believedClosing) return;
    dispute.mutate(
      { id: statement.id, body: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(m.disputed);
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      title={`Dispute ${monthLabel(statement.month)}`}
      label="Dispute the statement"
      onClose={onClose}
      onSubmit={submit}
    >
      <Text size="sm">The statement says you held {statement.closing} crates at the month's end.</Text>
      <QuantityInput
        label="Crates you believe you held"
        min={0}
        value={believed}
        onChange={setBelieved}
        error={errors.believedClosing}
        required
      />
      <Textarea
        label="Why is it different?"
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={errors.note}
        autosize
        minRows={2}
        required
      />
      <Stack gap={4}>
        {photo && <Image src={photo.previewUrl} alt="The photo to send" mah={160} fit="contain" />}
        <PhotoButton choice={choice} label={photo ? 'Take another photo' : 'Add a photo (optional)'} />
        {errors.photo && (
          <Text size="sm" c="red.9" role="alert">
            {errors.photo}
          </Text>
        )}
      </Stack>
      <FormError error={dispute.error} fallback="The dispute could not be sent" />
      <FormActions onCancel={onClose} submitLabel="Send dispute" loading={dispute.isPending} />
    </FormDialog>
  );
}
