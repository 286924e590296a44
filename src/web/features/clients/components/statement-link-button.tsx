// "Send statement link" on a client's card (decision 064): makes a link to a read-only page of the
// client's crates (30 days), then offers it on WhatsApp (the client's mobile, or any chat), to copy,
// or to revoke at once.
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconCopy, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import type { StatementLink } from '../../../../shared/balance-statements.ts';
import type { Client } from '../../../../shared/clients.ts';
import { southAfricanMobile } from '../../../../shared/clients-labels.ts';
import { FormError } from '../../../components/form-error.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateStatementLink, useRevokeStatementLink } from '../api/statement-links.ts';

const message = (client: Client, url: string, from: string) =>
  `Hello ${client.clientName}, here is your crate statement from ${from}: ${url}`;

// Long: the button and its dialog's JSX: the link, WhatsApp, Copy, Revoke, Done.
export function StatementLinkButton({ client, from }: { client: Client; from: string }) {
  const create = useCreateStatementLink();
  const revoke = useRevokeStatementLink();
  const [link, setLink] = useState<StatementLink | null>(null);
  const close = () => {
    setLink(null);
    create.reset();
    revoke.reset();
  };
  const mobile = southAfricanMobile(client.contactNumber);
  const whatsapp = link && `https://wa.me/${mobile ?? ''}?text=${encodeURIComponent(message(client, link.url, from))}`;
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        leftSection={<IconLink size={16} aria-hidden />}
        loading={create.isPending}
        onClick={() => create.mutate(client.id, { onSuccess: setLink })}
        aria-label={`Send statement link: ${client.businessName}`}
      >
        Send statement link
      </Button>
      {create.isError && <FormError error={create.error} fallback="The link could not be made" />}
      <Modal opened={link !== null} onClose={close} title="Statement link" centered>
        {link && whatsapp && (
          <Stack gap="sm">
            <Text size="sm">
              {client.businessName} can open this page without signing in until {formatDateTime(link.expiresAt)}: the
              crates it holds, its loans and returns of the last 90 days.
            </Text>
            <TextInput label="Link" value={link.url} readOnly onFocus={(e) => e.currentTarget.select()} />
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
                Send on WhatsApp
              </Button>
              <Button
                variant="default"
                mih={44}
                leftSection={<IconCopy size={18} aria-hidden />}
                onClick={() =>
                  navigator.clipboard?.writeText(link.url).then(
                    () => notifySuccess('Link copied'),
                    () => undefined,
                  )
                }
              >
                Copy
              </Button>
            </Group>
            <FormError error={revoke.error} fallback="The link could not be revoked" />
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
                        notifySuccess('Statement link revoked');
                        close();
                      },
                    },
                  )
                }
              >
                Revoke link
              </Button>
              <Button mih={44} onClick={close}>
                Done
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
