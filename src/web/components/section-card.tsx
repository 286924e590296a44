// A bordered card with its heading (an h2 at the size of an h4), and the same card holding a form whose
// accessible name is given apart from the heading ('Request Crates' → 'Request crates').
import { Card, Stack, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

export function SectionCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

type FormCardProps = {
  title: string;
  /** The form's accessible name. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
};

/** A form on a page (not in a dialog): fields in a column, checked by the form's schema, not the browser. */
export function FormCard({ title, label, onSubmit, children }: FormCardProps) {
  return (
    <SectionCard title={title}>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack>{children}</Stack>
      </form>
    </SectionCard>
  );
}
