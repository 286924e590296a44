// The farm store's market agent picker (GET /api/market-agents/for-transmission); the value is the
// agent's id as a number, null until one is chosen. A form binds it like any input, with
// `form.getInputProps('marketAgentId')`, so every form that picks an agent wires it the same way.
import { Select } from '@mantine/core';
import { agentOptionLabel, useAgentsForTransmission } from '../lib/api/get-agents-for-transmission.ts';

export function AgentSelect({
  value = null,
  onChange,
  error,
  label = 'Market agent',
}: {
  value?: number | null;
  onChange: (value: number | null) => void;
  error?: React.ReactNode;
  label?: string;
}) {
  const agents = useAgentsForTransmission();
  return (
    <Select
      label={label}
      placeholder={agents.isPending ? 'Loading agents...' : 'Select a market agent'}
      data={(agents.data ?? []).map((a) => ({ value: String(a.id), label: agentOptionLabel(a) }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      error={error}
      searchable
      nothingFoundMessage={agents.data?.length === 0 ? 'No market agents yet' : 'No matching agent'}
      withAsterisk
      // The option list is put in the page when it opens, not kept there hidden: a hidden list is
      // still positioned when the form first draws, a forced style and layout on the dashboard's
      // first paint (decision 031).
      comboboxProps={{ keepMounted: false }}
    />
  );
}
