// The farm store's market agent picker (GET /api/market-agents/for-transmission); the value is the
// agent's id as a number, null until one is chosen. A form binds it like any input, with
// `form.getInputProps('marketAgentId')`, so every form that picks an agent wires it the same way.
import { Select } from '@mantine/core';
import { agentOptionLabel, useAgentsForTransmission } from '../lib/api/get-agents-for-transmission.ts';
import { useT } from '../lib/i18n/use-t.ts';

export function AgentSelect({
  value = null,
  onChange,
  error,
  label,
}: {
  value?: number | null;
  onChange: (value: number | null) => void;
  error?: React.ReactNode;
  label?: string;
}) {
  const t = useT();
  const agents = useAgentsForTransmission();
  return (
    <Select
      label={label ?? t('components.marketAgent')}
      placeholder={agents.isPending ? t('components.loadingAgents') : t('components.selectAgent')}
      data={(agents.data ?? []).map((a) => ({ value: String(a.id), label: agentOptionLabel(a) }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      error={error}
      searchable
      nothingFoundMessage={agents.data?.length === 0 ? t('components.noAgentsYet') : t('components.noMatchingAgent')}
      withAsterisk
      // The option list is put in the page when it opens, not kept there hidden: a hidden list is
      // still positioned when the form first draws, a forced style and layout on the dashboard's
      // first paint (decision 031).
      comboboxProps={{ keepMounted: false }}
    />
  );
}
