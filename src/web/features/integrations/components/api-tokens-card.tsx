// Settings → API tokens (decision 063): a person's tokens for other systems (name, scope, created,
// last used, expiry), a new one shown once, and revoking one after a confirmation. A market agent
// makes read tokens only.
import { Button, Card, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import {
  type ApiToken,
  apiTokenBody,
  type TokenScope,
  tokenScopeLabels,
  tokenScopes,
} from '../../../../shared/integrations.ts';
import { ConfirmDialog, destructiveButton } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QueryList } from '../../../components/list-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useApiTokens, useCreateToken, useRevokeToken } from '../api.ts';
import { fieldErrors, ShownOnce } from './shown-once.tsx';

export function ApiTokensCard({ canWrite }: { canWrite: boolean }) {
  const tokens = useApiTokens();
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="api-tokens-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="api-tokens-title">
          API tokens
        </Title>
        <Text size="sm">
          Let another system (accounting, a spreadsheet script) use Cratekeeper as you: it sends the token in an
          Authorization header. See docs/api.md.
        </Text>
        {created ? (
          <ShownOnce label="Your new API token" value={created} onDone={() => setCreated(null)} />
        ) : (
          <NewTokenForm canWrite={canWrite} onCreated={setCreated} />
        )}
        <QueryList query={tokens} skeletonHeight={60} failed="Failed to load API tokens" empty="No API tokens yet">
          {(rows) => (
            <Stack gap="xs" component="ul" p={0} style={{ listStyle: 'none' }} aria-label="API tokens">
              {rows.map((t) => (
                <li key={t.id}>
                  <Card withBorder padding="sm" radius="sm">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Stack gap={0}>
                        <Text fw={600}>{t.name}</Text>
                        <Text size="sm">
                          {t.scope === 'write' ? 'Read and write' : 'Read only'} · created {formatDate(t.createdAt)}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {t.lastUsedAt ? `Last used ${formatDateTime(t.lastUsedAt)}` : 'Never used'}
                          {t.expiresAt ? ` · expires ${formatDateTime(t.expiresAt)}` : ' · never expires'}
                        </Text>
                      </Stack>
                      <Button {...destructiveButton} onClick={() => setRevoking(t)}>
                        Revoke {t.name}
                      </Button>
                    </Group>
                  </Card>
                </li>
              ))}
            </Stack>
          )}
        </QueryList>
      </Stack>
      {revoking && <RevokeDialog token={revoking} onClose={() => setRevoking(null)} />}
    </Card>
  );
}

/** The end of a picked day in the browser's time zone, as the server takes it. */
const endOfDay = (day: string) => (day ? new Date(`${day}T23:59:59`).toISOString() : undefined);

function NewTokenForm({ canWrite, onCreated }: { canWrite: boolean; onCreated: (token: string) => void }) {
  const create = useCreateToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = apiTokenBody.safeParse({ name, scope, ...(expiry ? { expiresAt: endOfDay(expiry) } : {}) });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        notifySuccess('API token created');
        setName('');
        setExpiry('');
        onCreated(answer.token);
      },
      onError: (error) => notifyError(errorMessage(error, 'Failed to create the API token')),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="New API token">
      <Stack gap="sm" maw={480}>
        <TextInput
          label="Name"
          description="What will use it, e.g. Accounting"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
        {canWrite && (
          <Radio.Group label="Scope" value={scope} onChange={(v) => setScope(v as TokenScope)}>
            <Stack gap="xs" mt="xs">
              {tokenScopes.map((s) => (
                <Radio key={s} value={s} label={tokenScopeLabels[s]} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <TextInput
          type="date"
          label="Expires (optional)"
          description="Leave empty for a token that does not expire"
          value={expiry}
          onChange={(e) => setExpiry(e.currentTarget.value)}
          error={errors.expiresAt}
        />
        <FormError error={create.error} fallback="Failed to create the API token" />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RevokeDialog({ token, onClose }: { token: ApiToken; onClose: () => void }) {
  const revoke = useRevokeToken();
  return (
    <ConfirmDialog
      title="Revoke API token"
      confirmLabel={`Revoke ${token.name}`}
      destructive
      loading={revoke.isPending}
      onClose={onClose}
      onConfirm={() =>
        revoke.mutate(token.id, {
          onSuccess: () => {
            notifySuccess('API token revoked');
            onClose();
          },
          onError: (error) => notifyError(errorMessage(error, 'Failed to revoke the API token')),
        })
      }
      error={<FormError error={revoke.error} fallback="Failed to revoke the API token" />}
    >
      <Text>
        Whatever uses “{token.name}” stops working at once. This cannot be undone: make a new token to let it in again.
      </Text>
    </ConfirmDialog>
  );
}
