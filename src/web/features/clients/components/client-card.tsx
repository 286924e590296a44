// One client (spec §2 Clients screen): business and client name, Active/Inactive, contact number,
// total borrowed, outstanding crates, the warning when crates are out, and what the agent can do:
// lend, take a return, remind on WhatsApp, read the statement, send its link (decision 064), edit.
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBrandWhatsapp, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Client } from '../../../../shared/clients.ts';
import { reminderLink } from '../../../../shared/clients-labels.ts';
import { paths } from '../../../app/paths.ts';
import { QueuedNote } from '../../../components/queued-note.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useClientSay } from './client-language.ts';
import { StatementLinkButton } from './statement-link-button.tsx';

export function ActiveBadge({ isActive }: { isActive: boolean }) {
  const t = useT();
  return (
    <Badge color={isActive ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {isActive ? t('clients.active') : t('clients.inactive')}
    </Badge>
  );
}

/**
 * The reminder for a client with crates out (docs/decisions/018, 040): a wa.me link for a South
 * African mobile number, a call (tel:) for a landline or a foreign number, which WhatsApp can't reach.
 * The reminder is written in the client's language (decision 065), the button in the agent's.
 */
export function ReminderButton({ client, from }: { client: Client; from: string }) {
  const t = useT();
  const say = useClientSay(client.language);
  const link = reminderLink(client, from, say);
  if (link.kind === 'call') {
    return (
      <Button
        component="a"
        href={link.href}
        variant="light"
        leftSection={<IconPhone size={18} />}
        // The visible words first, so a voice user can say what they see (WCAG 2.5.3).
        aria-label={t('clients.callToRemindFor', { name: client.businessName })}
      >
        {t('clients.callToRemind')}
      </Button>
    );
  }
  return (
    <Button
      component="a"
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      color="teal.9"
      leftSection={<IconBrandWhatsapp size={18} />}
      aria-label={t('clients.remindOnWhatsAppFor', { name: client.businessName })}
    >
      {t('clients.remindOnWhatsApp')}
    </Button>
  );
}

// Long: one client card's layout (figures, open loans, its actions); the server says which actions show.
export function ClientCard({
  client,
  from,
  onLend,
  onReturn,
  onEdit,
}: {
  client: Client;
  /** Who the reminder is from: the agent's business or name. */
  from: string;
  onLend: () => void;
  onReturn: () => void;
  onEdit: () => void;
}) {
  const t = useT();
  const out = client.outstandingCrates;
  return (
    <Card withBorder radius="md" p="md" data-testid="client-card" aria-label={client.businessName} component="article">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {client.businessName}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {client.clientName}
            </Text>
          </div>
          <ActiveBadge isActive={client.isActive} />
        </Group>
        <Text size="sm">
          {t('clients.contact')} <span data-testid="client-contact">{client.contactNumber}</span>
        </Text>
        <SimpleGrid cols={2} spacing="xs">
          <div>
            <Text size="xs" c="dimmed">
              {t('clients.totalBorrowed')}
            </Text>
            <Text fw={700} data-testid="total-borrowed">
              {formatCount(client.totalBorrowed)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('clients.outstandingCrates')}
            </Text>
            <Text fw={700} data-testid="outstanding-crates" c={client.isOverdue ? 'red.9' : undefined}>
              {formatCount(out)}
            </Text>
          </div>
        </SimpleGrid>
        {out > 0 && (
          <Alert
            color={client.isOverdue ? 'red' : 'orange'}
            variant="light"
            p="xs"
            icon={<IconAlertTriangle size={16} />}
          >
            <Text size="sm">{t('clients.cratesToReturn', { count: out })}</Text>
            {client.daysOut !== null && (
              <Text size="xs" c={client.isOverdue ? 'red.9' : 'dimmed'}>
                {t(client.isOverdue ? 'clients.overdueOldestLoanOut' : 'clients.oldestLoanOut', {
                  days: client.daysOut,
                })}
              </Text>
            )}
          </Alert>
        )}
        <QueuedNote subject={{ clientId: client.id }} />
        <Group gap="xs">
          <Button size="xs" onClick={onLend} disabled={!client.canLend}>
            {t('clients.lend')}
          </Button>
          {client.canReturn && (
            <Button size="xs" variant="light" onClick={onReturn}>
              {t('clients.return')}
            </Button>
          )}
          <Button size="xs" variant="default" onClick={onEdit}>
            {t('clients.edit')}
          </Button>
          <Button size="xs" variant="subtle" component={Link} to={paths.clientStatement.href(client.id)}>
            {t('clients.statement')}
          </Button>
          <StatementLinkButton client={client} from={from} />
        </Group>
        {out > 0 && <ReminderButton client={client} from={from} />}
      </Stack>
    </Card>
  );
}
