// A titled card used across the landing page's tabs.
import { Card, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function SectionCard({ title, children, icon }: { title: string; children: ReactNode; icon?: ReactNode }) {
  return (
    <Card withBorder radius="md" p="lg" h="100%">
      {icon}
      <Title order={3} size="h4" mt={icon ? 'sm' : 0} mb={6}>
        {title}
      </Title>
      <Text size="sm" c="gray.7">
        {children}
      </Text>
    </Card>
  );
}
