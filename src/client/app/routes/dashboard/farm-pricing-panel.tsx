// The farm store dashboard's pricing tab: the price editor, then the contact messages from the
// public site and the outbox of what was e-mailed about them (decision 008).
import { Stack } from '@mantine/core';
import { ContactMessagesCard } from '../../../features/contact/components/contact-messages-card.tsx';
import { OutboxCard } from '../../../features/outbox/components/outbox-card.tsx';
import { PriceEditor } from '../../../features/pricing/components/price-editor.tsx';

export function FarmPricingPanel() {
  return (
    <Stack gap="lg">
      <PriceEditor />
      <ContactMessagesCard />
      <OutboxCard />
    </Stack>
  );
}
