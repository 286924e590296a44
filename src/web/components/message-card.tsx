// A centred message card: an optional large icon, a title, a line of text and anything to do about it
// (`children`). A section's "nothing here yet" (an h2), or a whole screen's message (`screen`: an h1, in
// a narrower card), such as Access Denied.
import { Card, Stack, Text, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function MessageCard({
  icon: MessageIcon,
  title,
  text,
  screen = false,
  children,
}: {
  icon?: Icon;
  title: string;
  text: ReactNode;
  screen?: boolean;
  children?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" p="xl" maw={screen ? 480 : undefined} w={screen ? '100%' : undefined}>
      <Stack align="center" gap={screen ? 'sm' : 'xs'}>
        {MessageIcon && <MessageIcon size={40} stroke={1.4} aria-hidden />}
        <Title order={screen ? 1 : 2} size={screen ? 'h3' : 'h4'}>
          {title}
        </Title>
        <Text c="dimmed" ta="center">
          {text}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}
