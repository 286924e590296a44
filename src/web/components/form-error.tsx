// A form's own failure, shown inside the form as well as in the toast: the toast goes after
// 5 seconds or when the next one replaces it; the form keeps saying what went wrong until the next try.
// It shows the server's reason (what to fix); the toast leads with the spec's failure text.
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError } from '../lib/api-client.ts';
import { translateEnglish } from '../lib/i18n/english-messages.ts';
import { useT } from '../lib/i18n/use-t.ts';

/** The failure of `error` (the server's reason, else `fallback`), or a `message` the form worked out. */
export function FormError({
  error,
  fallback,
  message,
  title,
}: {
  error?: unknown;
  fallback?: string;
  message?: string | null;
  /** A heading above the reason, e.g. the spec's failure text where no toast says it (spec §8). */
  title?: string;
}) {
  const t = useT();
  if (!error && !message) return null;
  const reason = message ? translateEnglish(message) : error instanceof ApiError ? error.serverMessage : undefined;
  return (
    <Alert
      color="red"
      variant="light"
      p="sm"
      role="alert"
      icon={<IconAlertCircle size={18} />}
      title={title}
      data-testid="form-error"
    >
      {reason ?? (title ? undefined : fallback) ?? t('components.somethingWrong')}
    </Alert>
  );
}
