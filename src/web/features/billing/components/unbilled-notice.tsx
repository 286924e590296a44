// Returns no billing cycle covers yet: "n returns (x crates) not yet in a billing cycle",
// which agents and which days, and the way to bill them: a cycle whose dates cover those days.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconClockExclamation } from '@tabler/icons-react';
import type { UnbilledReturns } from '../../../../shared/billing.ts';
import { billingMessages as m } from '../../../../shared/billing-labels.ts';
import { formatCount, formatDate, plural } from '../../../lib/format.ts';

type AgentLine = {
  key: number;
  name: string;
  number: string;
  returns: number;
  crates: number;
  first: string;
  last: string;
};

/** The listed returns per agent, in the order their first return waits. */
function byAgent(items: UnbilledReturns['items']): AgentLine[] {
  const lines = new Map<number, AgentLine>();
  for (const item of items) {
    const line = lines.get(item.marketAgentId);
    if (!line) {
      lines.set(item.marketAgentId, {
        key: item.marketAgentId,
        name: item.agentName,
        number: item.agentNumber,
        returns: 1,
        crates: item.crates,
        first: item.acknowledgedOn,
        last: item.acknowledgedOn,
      });
      continue;
    }
    line.returns++;
    line.crates += item.crates;
    if (item.acknowledgedOn < line.first) line.first = item.acknowledgedOn;
    if (item.acknowledgedOn > line.last) line.last = item.acknowledgedOn;
  }
  return [...lines.values()];
}

const days = (first: string, last: string) =>
  first === last ? formatDate(first) : `${formatDate(first)} – ${formatDate(last)}`;

// Long: the notice's layout with its three wordings (none, some, all unbilled), kept together so they read as one.
export function UnbilledNotice({
  unbilled,
  onCreateCycle,
}: {
  unbilled: UnbilledReturns;
  /** Opens New Billing Cycle with the unbilled days as its dates. */
  onCreateCycle: (dates: { startDate: string; endDate: string }) => void;
}) {
  if (unbilled.returns === 0) return null;
  const lines = byAgent(unbilled.items);
  const { firstDate, lastDate } = unbilled;
  return (
    <Alert
      color="orange"
      variant="light"
      mb="lg"
      icon={<IconClockExclamation size={20} aria-hidden />}
      data-testid="unbilled-notice"
    >
      <Stack gap="xs">
        {/* Not the Alert's title: its orange text is below WCAG contrast on the tint. */}
        <Text fw={700} data-testid="unbilled-summary">
          {m.unbilledSummary(unbilled.returns, unbilled.crates)}
        </Text>
        {firstDate && lastDate && (
          <Text size="sm">
            Acknowledged {firstDate === lastDate ? 'on' : 'from'} {days(firstDate, lastDate)}. Create a billing cycle
            whose dates cover {firstDate === lastDate ? 'that day' : 'those days'} to bill them at its rate.
          </Text>
        )}
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {lines.map((line) => (
            <Text
              component="li"
              key={line.key}
              size="sm"
              data-testid="unbilled-agent"
              style={{ overflowWrap: 'anywhere' }}
            >
              <Text span fw={700} inherit>
                {line.name}
              </Text>{' '}
              (Agent {line.number}): {line.returns} {plural(line.returns, 'return')}, {formatCount(line.crates)}{' '}
              {plural(line.crates, 'crate')}, {days(line.first, line.last)}
            </Text>
          ))}
        </Stack>
        {unbilled.items.length < unbilled.returns && (
          <Text size="sm" c="dimmed">
            The oldest {unbilled.items.length} of {unbilled.returns} returns are listed.
          </Text>
        )}
        {firstDate && lastDate && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconCalendarPlus size={18} aria-hidden />}
              onClick={() => onCreateCycle({ startDate: firstDate, endDate: lastDate })}
            >
              New Cycle for These Dates
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
