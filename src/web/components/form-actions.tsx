// The foot of a dialog's or an inline form's: Cancel, then the submit button, at the right.
import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n/use-t.ts';

type FormActionsProps = {
  onCancel: () => void;
  /** The submit button's words, e.g. 'Lend Crates'. */
  submitLabel: ReactNode;
  loading?: boolean;
  /** Submit is off (the form can't be sent as it is). */
  disabled?: boolean;
  /** Cancel is off too while the request is in flight. */
  cancelDisabled?: boolean;
};

export function FormActions({ onCancel, submitLabel, loading, disabled, cancelDisabled }: FormActionsProps) {
  const t = useT();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={loading} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
