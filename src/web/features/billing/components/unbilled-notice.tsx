// Returns no billing cycle covers yet: "n returns (x crates) not yet in a billing cycle",
// which agents and which days, and the way to bill them: a cycle whose dates cover those days.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconClockExclamation } from '@tabler/icons-react';
import type { UnbilledReturns } from '../../../../shared/billing.ts';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/use-t.ts';

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
  const t = useT();
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
          {t('billing.unbilledSummary', { returns: unbilled.returns, crates: unbilled.crates })}
        </Text>
        {firstDate && lastDate && (
          <Text size="sm">
            {t('billing.unbilledDays', {
              oneDay: firstDate === lastDate ? 'yes' : 'no',
              days: days(firstDate, lastDate),
            })}
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
              {t('billing.unbilledAgentLine', {
                number: line.number,
                returns: line.returns,
                crates: line.crates,
                days: days(line.first, line.last),
              })}
            </Text>
          ))}
        </Stack>
        {unbilled.items.length < unbilled.returns && (
          <Text size="sm" c="dimmed">
            {t('billing.unbilledOldest', { listed: unbilled.items.length, total: unbilled.returns })}
          </Text>
        )}
        {firstDate && lastDate && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconCalendarPlus size={18} aria-hidden />}
              onClick={() => onCreateCycle({ startDate: firstDate, endDate: lastDate })}
            >
              {t('billing.newCycleForDates')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
