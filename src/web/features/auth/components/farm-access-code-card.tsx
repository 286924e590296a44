// Settings → Farm access code (decision 043): the code a new farm store account
// needs, hidden until asked for, with a copy button; a code the app generated can be replaced after a
// confirmation that says the old one stops working. A code set on the server says where to change it.
import { Button, Card, Code, CopyButton, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { farmAccessCodeMessages as m } from '../../../../shared/auth-labels.ts';
import { ConfirmDialog, destructiveButton } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useFarmAccessCode, useRotateFarmAccessCode } from '../farm-access-code-api.ts';

export function FarmAccessCodeCard() {
  const code = useFarmAccessCode();
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="farm-access-code-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="farm-access-code-title">
          {m.title}
        </Title>
        <Text size="sm">{m.explain}</Text>
        {code.isPending ? (
          <Skeleton height={44} />
        ) : code.isError ? (
          <FormError error={code.error} fallback={m.loadFailed} />
        ) : (
          <>
            <Code block fz="lg" ta="center" data-testid="farm-access-code">
              {shown ? code.data.code : '•'.repeat(code.data.code.length)}
            </Code>
            <Group>
              <Button variant="default" onClick={() => setShown((s) => !s)} aria-pressed={shown}>
                {shown ? m.hide : m.show}
              </Button>
              <CopyButton value={code.data.code}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy code'}
                  </Button>
                )}
              </CopyButton>
              {code.data.canRotate && (
                <Button {...destructiveButton} onClick={() => setConfirming(true)}>
                  {m.rotate}
                </Button>
              )}
            </Group>
            {code.data.source === 'configured' && (
              <Text size="sm" c="dimmed">
                {m.configured}
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
  const rotate = useRotateFarmAccessCode();
  const confirm = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(m.rotated);
        onRotated();
      },
      onError: (error) => notifyError(errorMessage(error, m.rotateFailed)),
    });
  return (
    <ConfirmDialog
      title={m.rotate}
      confirmLabel={m.rotate}
      onConfirm={confirm}
      onClose={onClose}
      loading={rotate.isPending}
      destructive
      error={<FormError error={rotate.error} fallback={m.rotateFailed} />}
    >
      <Text>{m.rotateConfirm}</Text>
    </ConfirmDialog>
  );
}
