// The landing page's building blocks, shared by its tabs: a titled section (an h2 with an optional
// intro under it), a titled card, with an optional icon above its title, and a grid of those cards.
import { Card, SimpleGrid, type SimpleGridProps, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function SectionCard({ title, children, icon: CardIcon }: { title: string; children: ReactNode; icon?: Icon }) {
  return (
    <Card withBorder radius="md" p="lg" h="100%">
      {CardIcon && (
        <ThemeIcon variant="light" size="lg" radius="md">
          <CardIcon size={20} aria-hidden="true" />
        </ThemeIcon>
      )}
      <Title order={3} size="h4" mt={CardIcon ? 'sm' : 0} mb={6}>
        {title}
      </Title>
      <Text size="sm" c="gray.7">
        {children}
      </Text>
    </Card>
  );
}

/** A tab's section, labelled by its h2 (`id`); `intro` is the paragraph under the heading. */
export function LandingSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} id={id} mb={intro ? 'xs' : 'md'}>
        {title}
      </Title>
      {intro && (
        <Text c="gray.7" mb="md" maw={720}>
          {intro}
        </Text>
      )}
      {children}
    </section>
  );
}

/** The cards of a list of titled paragraphs, in a grid of `cols` columns. */
export function CardGrid({
  cards,
  cols,
  mt,
}: {
  cards: { title: string; text: string; icon?: Icon }[];
  cols: SimpleGridProps['cols'];
  mt?: SimpleGridProps['mt'];
}) {
  return (
    <SimpleGrid cols={cols} spacing="md" mt={mt}>
      {cards.map((card) => (
        <SectionCard key={card.title} title={card.title} icon={card.icon}>
          {card.text}
        </SectionCard>
      ))}
    </SimpleGrid>
  );
}
