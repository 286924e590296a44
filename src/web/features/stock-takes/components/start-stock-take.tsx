// Start a stock take (decisions 051 and 054): for every active agent, or for those
// picked, after a confirmation that says how many agents will be asked to count.
import { Button, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { stockTakeMessages as m } from '../../../../shared/stock-takes.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { agentOptionLabel, useAgentsForTransmission } from '../../../lib/api/get-agents-for-transmission.ts';
import { plural } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useStartStockTake } from '../api/stock-takes.ts';

/** 'every active agent (3)' or '2 agents: Thabo, Lerato': who a stock take about to start asks to count. */
export function stockTakeScope(picked: { agentName: string }[], activeCount: number): string {
  if (picked.length === 0) return `Every active market agent (${activeCount}) will be asked to count`;
  return `${picked.length} ${plural(picked.length, 'agent')} will be asked to count: ${picked.map((a) => a.agentName).join(', ')}`;
}

export function StartStockTake() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button mih={44} onClick={() => setOpen(true)}>
        Start a stock take
      </Button>
      {open && <StartStockTakeDialog onClose={() => setOpen(false)} />}
    </>
  );
}

// Long: one dialog's JSX: the agents to pick, who will count, and the failure.
function StartStockTakeDialog({ onClose }: { onClose: () => void }) {
  const agents = useAgentsForTransmission();
  const start = useStartStockTake();
  // Empty: every active agent (the API's default); otherwise those picked.
  const [picked, setPicked] = useState<string[]>([]);
  const active = agents.data ?? [];
  const chosen = active.filter((a) => picked.includes(String(a.id)));
  const count = picked.length > 0 ? chosen.length : active.length;
  const onConfirm = () =>
    start.mutate(
      chosen.map((a) => a.id),
      {
        onSuccess: () => {
          notifySuccess(m.started);
          onClose();
        },
      },
    );
  return (
    <ConfirmDialog
      title="Start a stock take"
      confirmLabel={`Start for ${count} ${plural(count, 'agent')}`}
      confirmDisabled={!agents.data || count === 0}
      onConfirm={onConfirm}
      onClose={onClose}
      loading={start.isPending}
      error={<FormError error={start.error ?? agents.error} fallback="Failed to start the stock take" />}
    >
      <Stack gap="sm">
        <MultiSelect
          label="Agents to count"
          description="Leave empty for every active market agent."
          placeholder={picked.length === 0 ? 'All active agents' : undefined}
          data={active.map((a) => ({ value: String(a.id), label: agentOptionLabel(a) }))}
          value={picked}
          onChange={setPicked}
          searchable
          clearable
          nothingFoundMessage="No matching agent"
        />
        {agents.data && (
          <Text size="sm" data-testid="stock-take-scope">
            {active.length === 0
              ? m.noAgents
              : `${stockTakeScope(chosen, active.length)} its full and empty crates and the crates each of its clients holds.`}
          </Text>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
