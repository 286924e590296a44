// "Send statement link" on a client's card (decision 064): makes a link to a read-only page of the
// client's crates (30 days), then offers it on WhatsApp (the client's mobile, or any chat), to copy,
// or to revoke at once.
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconCopy, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import type { StatementLink } from '../../../../shared/balance-statements.ts';
import type { Client } from '../../../../shared/clients.ts';
import type { Say } from '../../../../shared/clients-labels.ts';
import { southAfricanMobile } from '../../../../shared/clients-labels.ts';
import { FormError } from '../../../components/form-error.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateStatementLink, useRevokeStatementLink } from '../api/statement-links.ts';
import { useClientSay } from './client-language.ts';

/** The message with the link, in the client's language (decision 065). */
const message = (say: Say, client: Client, url: string, from: string) =>
  say('clients.statementMessage', { name: client.clientName, from, url });

// Long: the button and its dialog's JSX: the link, WhatsApp, Copy, Revoke, Done.
export function StatementLinkButton({ client, from }: { client: Client; from: string }) {
  const t = useT();
  const say = useClientSay(client.language);
  const create = useCreateStatementLink();
  const revoke = useRevokeStatementLink();
  const [link, setLink] = useState<StatementLink | null>(null);
  const close = () => {
    setLink(null);
    create.reset();
    revoke.reset();
  };
  const mobile = southAfricanMobile(client.contactNumber);
  const whatsapp =
    link && `https://wa.me/${mobile ?? ''}?text=${encodeURIComponent(message(say, client, link.url, from))}`;
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        leftSection={<IconLink size={16} aria-hidden />}
        loading={create.isPending}
        onClick={() => create.mutate(client.id, { onSuccess: setLink })}
        aria-label={t('clients.sendStatementLinkFor', { name: client.businessName })}
      >
        {t('clients.sendStatementLink')}
      </Button>
      {create.isError && <FormError error={create.error} fallback={t('clients.linkFailed')} />}
      <Modal opened={link !== null} onClose={close} title={t('clients.statementLink')} centered>
        {link && whatsapp && (
          <Stack gap="sm">
            <Text size="sm">
              {t('clients.linkExplained', { name: client.businessName, until: formatDateTime(link.expiresAt) })}
            </Text>
            <TextInput label={t('clients.link')} value={link.url} readOnly onFocus={(e) => e.currentTarget.select()} />
            <Group gap="xs">
              <Button
                component="a"
                href={whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                color="teal.9"
                mih={44}
                leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
              >
                {t('clients.sendOnWhatsApp')}
              </Button>
              <Button
                variant="default"
                mih={44}
                leftSection={<IconCopy size={18} aria-hidden />}
                onClick={() =>
                  navigator.clipboard?.writeText(link.url).then(
                    () => notifySuccess(t('clients.linkCopied')),
                    () => undefined,
                  )
                }
              >
                {t('clients.copy')}
              </Button>
            </Group>
            <FormError error={revoke.error} fallback={t('clients.revokeFailed')} />
            <Group justify="space-between">
              <Button
                variant="subtle"
                color="red.9"
                mih={44}
                loading={revoke.isPending}
                onClick={() =>
                  revoke.mutate(
                    { clientId: client.id, linkId: link.id },
                    {
                      onSuccess: () => {
                        notifySuccess(t('clients.linkRevoked'));
                        close();
                      },
                    },
                  )
                }
              >
                {t('clients.revokeLink')}
              </Button>
              <Button mih={44} onClick={close}>
                {t('clients.done')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
