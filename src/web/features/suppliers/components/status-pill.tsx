// A status badge whose text passes contrast (axe): yellow is filled with dark text, gray and red are
// filled dark, green is the light tint (as the transmission badges do).
import { Badge } from '@mantine/core';

export type Tone = 'waiting' | 'done' | 'refused' | 'closed';

const looks: Record<Tone, { color: string; variant: 'filled' | 'light' }> = {
  waiting: { color: 'yellow', variant: 'filled' },
  done: { color: 'green', variant: 'light' },
  refused: { color: 'red.9', variant: 'filled' },
  closed: { color: 'gray.7', variant: 'filled' },
};

export function StatusPill({ tone, children }: { tone: Tone; children: React.ReactNode }) {
  const { color, variant } = looks[tone];
  return (
    <Badge color={color} variant={variant} autoContrast>
      {children}
    </Badge>
  );
}
