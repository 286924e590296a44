// One setting of the farm store's Settings tab in a card: its title, what it does, a skeleton until its
// value is in, then a form with its field, the save's error and a Save button (the farm name,
// decision 067; the usual stack size, 073).
import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from './form-error.tsx';

type SettingCardProps = {
  /** The title's id, which names the card and its form. */
  id: string;
  title: string;
  intro: ReactNode;
  loaded: boolean;
  onSubmit: (event: React.FormEvent) => void;
  saving: boolean;
  saveError: unknown;
  saveFailed: string;
  saveLabel: string;
  children: ReactNode;
};

export function SettingCard({
  id,
  title,
  intro,
  loaded,
  onSubmit,
  saving,
  saveError,
  saveFailed,
  saveLabel,
  children,
}: SettingCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Text size="sm">{intro}</Text>
        {loaded ? (
          <form onSubmit={onSubmit} noValidate aria-label={title}>
            <Stack gap="sm">
              {children}
              <FormError error={saveError} fallback={saveFailed} />
              <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
                {saveLabel}
              </Button>
            </Stack>
          </form>
        ) : (
          <Skeleton height={44} />
        )}
      </Stack>
    </Card>
  );
}
