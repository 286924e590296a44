// Where a farm manager sees that website visitors wrote: an envelope in the header that opens the
// messages (with the unread count on it), and the count on the dashboard's Pricing tab.
import { ActionIcon, Badge, Indicator } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useUnreadContactCount } from '../api/get-unread-count.ts';

/** The id of the messages card on the Pricing tab, which the header's envelope scrolls to. */
export const MESSAGES_SECTION_ID = 'messages';
export const messagesHref = () => paths.dashboard.href('pricing', MESSAGES_SECTION_ID);

export function UnreadMessagesLink() {
  const t = useT();
  const count = useUnreadContactCount();
  return (
    <Indicator label={count > 99 ? '99+' : count} disabled={count === 0} size={18} color="red.9" offset={6} inline>
      <ActionIcon
        component={Link}
        to={messagesHref()}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={count === 0 ? t('contact.linkNoneUnread') : t('contact.linkUnread', { count })}
        data-testid="unread-messages-link"
        data-count={count}
      >
        <IconMail size={22} stroke={1.6} aria-hidden="true" />
      </ActionIcon>
    </Indicator>
  );
}

/** The Pricing tab's count (render it only while something is unread). */
export function UnreadMessagesBadge({ count }: { count: number }) {
  const t = useT();
  return (
    <Badge
      size="sm"
      circle
      color="red.9"
      aria-label={t('contact.unreadMessages', { count })}
      data-testid="unread-messages-tab-badge"
    >
      {count}
    </Badge>
  );
}
