// Dispute a statement (decision 064): the closing balance the agent believes, why, and optionally a
// photo (shrunk on the phone to at most 300 KB). What was typed is never changed: the form's schema
// says what is wrong under the field and nothing is sent until it is right.
import { Image, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { type BalanceStatement, disputeStatementBody, monthLabel } from '../../../../shared/balance-statements.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PhotoButton, usePhotoChoice } from '../../../components/photo-choice.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { translateEnglish } from '../../../lib/i18n/english-messages.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDisputeStatement } from '../api/statements.ts';

type Errors = Partial<Record<'believedClosing' | 'note' | 'photo', string>>;

// Long: one form's JSX: the figure, the note, the photo, send or cancel.
export function DisputeDialog({ statement, onClose }: { statement: BalanceStatement; onClose: () => void }) {
  const t = useT();
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
      found[field] ??= translateEnglish(issue.message);
    }
    if (parsed.success && parsed.data.believedClosing === statement.closing)
      found.believedClosing = t('balance-statements.sameFigure');
    setErrors(found);
    if (!parsed.success || found.believedClosing) return;
    dispute.mutate(
      { id: statement.id, body: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(t('balance-statements.disputed'));
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      title={t('balance-statements.disputeMonth', { month: monthLabel(statement.month, t) })}
      label={t('balance-statements.disputeForm')}
      onClose={onClose}
      onSubmit={submit}
    >
      <Text size="sm">{t('balance-statements.statementSays', { count: statement.closing })}</Text>
      <QuantityInput
        label={t('balance-statements.believedLabel')}
        min={0}
        value={believed}
        onChange={setBelieved}
        error={errors.believedClosing}
        required
      />
      <Textarea
        label={t('balance-statements.whyDifferent')}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={errors.note}
        autosize
        minRows={2}
        required
      />
      <Stack gap={4}>
        {photo && <Image src={photo.previewUrl} alt={t('balance-statements.photoToSend')} mah={160} fit="contain" />}
        <PhotoButton
          choice={choice}
          label={photo ? t('balance-statements.anotherPhoto') : t('balance-statements.addPhoto')}
        />
        {errors.photo && (
          <Text size="sm" c="red.9" role="alert">
            {errors.photo}
          </Text>
        )}
      </Stack>
      <FormError error={dispute.error} fallback={t('balance-statements.disputeFailed')} />
      <FormActions onCancel={onClose} submitLabel={t('balance-statements.sendDispute')} loading={dispute.isPending} />
    </FormDialog>
  );
}
