// Settings → API tokens (decision 063): a person's tokens for other systems (name, scope, created,
// last used, expiry), a new one shown once, and revoking one after a confirmation. A market agent
// makes read tokens only.
import { Button, Card, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { type ApiToken, apiTokenBody, type TokenScope, tokenScopes } from '../../../../shared/integrations.ts';
import { ConfirmDialog, destructiveButton } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { QueryList } from '../../../components/list-states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useApiTokens, useCreateToken, useRevokeToken } from '../api.ts';
import { fieldErrors, ShownOnce } from './shown-once.tsx';

export function ApiTokensCard({ canWrite }: { canWrite: boolean }) {
  const tr = useT();
  const tokens = useApiTokens();
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="api-tokens-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="api-tokens-title">
          {tr('integrations.apiTokens')}
        </Title>
        <Text size="sm">{tr('integrations.apiTokensIntro')}</Text>
        {created ? (
          <ShownOnce label={tr('integrations.newToken')} value={created} onDone={() => setCreated(null)} />
        ) : (
          <NewTokenForm canWrite={canWrite} onCreated={setCreated} />
        )}
        <QueryList
          query={tokens}
          skeletonHeight={60}
          failed={tr('integrations.tokensFailed')}
          empty={tr('integrations.noTokens')}
        >
          {(rows) => (
            <Stack
              gap="xs"
              component="ul"
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={tr('integrations.apiTokens')}
            >
              {rows.map((t) => (
                <TokenRow key={t.id} token={t} onRevoke={() => setRevoking(t)} />
              ))}
            </Stack>
          )}
        </QueryList>
      </Stack>
      {revoking && <RevokeDialog token={revoking} onClose={() => setRevoking(null)} />}
    </Card>
  );
}

/** One token: its name, scope and dates, and its Revoke button. */
function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const t = useT();
  return (
    <li>
      <Card withBorder padding="sm" radius="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={600}>{token.name}</Text>
            <Text size="sm">
              {t('integrations.tokenCreatedOn', {
                scope: t(token.scope === 'write' ? 'integrations.readWrite' : 'integrations.readOnly'),
                date: formatDate(token.createdAt),
              })}
            </Text>
            <Text size="sm" c="dimmed">
              {token.lastUsedAt
                ? t('integrations.lastUsed', { time: formatDateTime(token.lastUsedAt) })
                : t('integrations.neverUsed')}
              {token.expiresAt
                ? t('integrations.expires', { time: formatDateTime(token.expiresAt) })
                : t('integrations.neverExpires')}
            </Text>
          </Stack>
          <Button {...destructiveButton} onClick={onRevoke}>
            {t('integrations.revokeName', { name: token.name })}
          </Button>
        </Group>
      </Card>
    </li>
  );
}

/** The end of a picked day in the browser's time zone, as the server takes it. */
const endOfDay = (day: string) => (day ? new Date(`${day}T23:59:59`).toISOString() : undefined);

function NewTokenForm({ canWrite, onCreated }: { canWrite: boolean; onCreated: (token: string) => void }) {
  const t = useT();
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
        notifySuccess(translate('integrations.tokenCreated'));
        setName('');
        setExpiry('');
        onCreated(answer.token);
      },
      onError: (error) => notifyError(errorMessage(error, translate('integrations.createFailed'))),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('integrations.newApiToken')}>
      <Stack gap="sm" maw={480}>
        <TextInput
          label={t('integrations.name')}
          description={t('integrations.nameHint')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
        {canWrite && <ScopeChoice scope={scope} onChange={setScope} />}
        <TextInput
          type="date"
          label={t('integrations.expiresOptional')}
          description={t('integrations.expiresHint')}
          value={expiry}
          onChange={(e) => setExpiry(e.currentTarget.value)}
          error={errors.expiresAt}
        />
        <FormError error={create.error} fallback={t('integrations.createFailed')} />
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('integrations.createToken')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Read only or read and write: offered only to those who may write. */
function ScopeChoice({ scope, onChange }: { scope: TokenScope; onChange: (scope: TokenScope) => void }) {
  const t = useT();
  return (
    <Radio.Group label={t('integrations.scope')} value={scope} onChange={(v) => onChange(v as TokenScope)}>
      <Stack gap="xs" mt="xs">
        {tokenScopes.map((s) => (
          <Radio key={s} value={s} label={t(s === 'write' ? 'integrations.scopeWrite' : 'integrations.scopeRead')} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

function RevokeDialog({ token, onClose }: { token: ApiToken; onClose: () => void }) {
  const t = useT();
  const revoke = useRevokeToken();
  return (
    <ConfirmDialog
      title={t('integrations.revokeToken')}
      confirmLabel={t('integrations.revokeName', { name: token.name })}
      destructive
      loading={revoke.isPending}
      onClose={onClose}
      onConfirm={() =>
        revoke.mutate(token.id, {
          onSuccess: () => {
            notifySuccess(translate('integrations.tokenRevoked'));
            onClose();
          },
          onError: (error) => notifyError(errorMessage(error, translate('integrations.revokeFailed'))),
        })
      }
      error={<FormError error={revoke.error} fallback={t('integrations.revokeFailed')} />}
    >
      <Text>{t('integrations.revokeConfirm', { name: token.name })}</Text>
    </ConfirmDialog>
  );
}
