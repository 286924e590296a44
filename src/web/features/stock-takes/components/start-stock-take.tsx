// Start a stock take (decisions 051 and 054): for every active agent, or for those
// picked, after a confirmation that says how many agents will be asked to count.
import { Button, MultiSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { agentOptionLabel, useAgentsForTransmission } from '../../../lib/api/get-agents-for-transmission.ts';
import { t as tr } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useStartStockTake } from '../api/stock-takes.ts';

/** 'every active agent (3)' or '2 agents: Thabo, Lerato': who a stock take about to start asks to count. */
export function stockTakeScope(picked: { agentName: string }[], activeCount: number): string {
  if (picked.length === 0) return tr('stock-takes.scopeAll', { count: activeCount });
  return tr('stock-takes.scopePicked', { count: picked.length, names: picked.map((a) => a.agentName).join(', ') });
}

export function StartStockTake() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button mih={44} onClick={() => setOpen(true)}>
        {t('stock-takes.start')}
      </Button>
      {open && <StartStockTakeDialog onClose={() => setOpen(false)} />}
    </>
  );
}

// Long: one dialog's JSX: the agents to pick, who will count, and the failure.
function StartStockTakeDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
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
          notifySuccess(t('stock-takes.started'));
          onClose();
        },
      },
    );
  return (
    <ConfirmDialog
      title={t('stock-takes.start')}
      confirmLabel={t('stock-takes.startFor', { count })}
      confirmDisabled={!agents.data || count === 0}
      onConfirm={onConfirm}
      onClose={onClose}
      loading={start.isPending}
      error={<FormError error={start.error ?? agents.error} fallback={t('stock-takes.startFailed')} />}
    >
      <Stack gap="sm">
        <MultiSelect
          label={t('stock-takes.agentsToCount')}
          description={t('stock-takes.agentsHelp')}
          placeholder={picked.length === 0 ? t('stock-takes.allAgents') : undefined}
          data={active.map((a) => ({ value: String(a.id), label: agentOptionLabel(a) }))}
          value={picked}
          onChange={setPicked}
          searchable
          clearable
          nothingFoundMessage={t('stock-takes.noMatchingAgent')}
        />
        {agents.data && (
          <Text size="sm" data-testid="stock-take-scope">
            {active.length === 0
              ? t('stock-takes.noAgents')
              : t('stock-takes.scopeWhat', { scope: stockTakeScope(chosen, active.length) })}
          </Text>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
