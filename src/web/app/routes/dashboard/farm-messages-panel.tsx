// The farm store dashboard's messages tab: the contact messages from the public site
// and the outbox of every e-mail the app sent or is waiting to send (decisions 008, 020).
import { Stack } from '@mantine/core';
import { ContactMessagesCard } from '../../../features/contact/components/contact-messages-card.tsx';
import { OutboxCard } from '../../../features/outbox/components/outbox-card.tsx';

export function FarmMessagesPanel() {
  return (
    <Stack gap="lg">
      <ContactMessagesCard />
      <OutboxCard />
    </Stack>
  );
}
