// Settings → Farm access code (decision 043): the code a new farm store account
// needs, hidden until asked for, with a copy button; a code the app generated can be replaced after a
// confirmation that says the old one stops working. A code set on the server says where to change it.
import { Button, Card, Code, CopyButton, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog, destructiveButton } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useFarmAccessCode, useRotateFarmAccessCode } from '../farm-access-code-api.ts';

export function FarmAccessCodeCard() {
  const t = useT();
  const code = useFarmAccessCode();
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="farm-access-code-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="farm-access-code-title">
          {t('auth.farmCodeTitle')}
        </Title>
        <Text size="sm">{t('auth.farmCodeExplain')}</Text>
        {code.isPending ? (
          <Skeleton height={44} />
        ) : code.isError ? (
          <FormError error={code.error} fallback={t('auth.farmCodeLoadFailed')} />
        ) : (
          <>
            <Code block fz="lg" ta="center" data-testid="farm-access-code">
              {shown ? code.data.code : '•'.repeat(code.data.code.length)}
            </Code>
            <Group>
              <Button variant="default" onClick={() => setShown((s) => !s)} aria-pressed={shown}>
                {shown ? t('auth.farmCodeHide') : t('auth.farmCodeShow')}
              </Button>
              <CopyButton value={code.data.code}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? t('auth.farmCodeCopied') : t('auth.farmCodeCopy')}
                  </Button>
                )}
              </CopyButton>
              {code.data.canRotate && (
                <Button {...destructiveButton} onClick={() => setConfirming(true)}>
                  {t('auth.farmCodeRotate')}
                </Button>
              )}
            </Group>
            {code.data.source === 'configured' && (
              <Text size="sm" c="dimmed">
                {t('auth.farmCodeConfigured')}
              </Text>
            )}
          </>
        )}
      </Stack>
      {confirming && (
        <RotateDialog
          onClose={() => setConfirming(false)}
          onRotated={() => {
            setShown(true);
            setConfirming(false);
          }}
        />
      )}
    </Card>
  );
}

function RotateDialog({ onClose, onRotated }: { onClose: () => void; onRotated: () => void }) {
  const t = useT();
  const rotate = useRotateFarmAccessCode();
  const confirm = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(translate('auth.farmCodeRotated'));
        onRotated();
      },
      onError: (error) => notifyError(errorMessage(error, translate('auth.farmCodeRotateFailed'))),
    });
  return (
    <ConfirmDialog
      title={t('auth.farmCodeRotate')}
      confirmLabel={t('auth.farmCodeRotate')}
      onConfirm={confirm}
      onClose={onClose}
      loading={rotate.isPending}
      destructive
      error={<FormError error={rotate.error} fallback={t('auth.farmCodeRotateFailed')} />}
    >
      <Text>{t('auth.farmCodeRotateConfirm')}</Text>
    </ConfirmDialog>
  );
}
