// The Market Agents screen's loss-rate trend (decision 070): the chosen agent's weekly loss rate over
// the last 12 weeks against the whole farm's. The agents marked "Losing crates" come first in the
// choice, and the first of them is shown to begin with.
import { NativeSelect } from '@mantine/core';
import { useState } from 'react';
import type { AgentInsight, AgentInsightsResponse } from '../../../../shared/insights.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useAgentInsights } from '../api/get-insights.ts';
import { LossTrendCard } from './loss-trend.tsx';
import type { TrendWeek } from './loss-trend-figures.ts';

/** The agents flagged first, then the rest, each part by name. */
function flaggedFirst(agents: readonly AgentInsight[]) {
  return [...agents].sort(
    (a, b) => Number(b.lossFlagged) - Number(a.lossFlagged) || a.agentName.localeCompare(b.agentName),
  );
}

/** One agent's weeks against the farm's, week by week. */
function againstFarm(data: AgentInsightsResponse, agent: AgentInsight | undefined): TrendWeek[] {
  return data.farm.weeks.map((w, i) => ({
    weekStart: w.weekStart,
    own: agent?.weeks[i]?.lossRate ?? null,
    other: w.lossRate,
  }));
}

export function FarmLossTrend() {
  const t = useT();
  const insights = useAgentInsights();
  const agents = flaggedFirst(insights.data?.agents ?? []);
  const [chosen, setChosen] = useState<number | null>(null);
  const agent = agents.find((a) => a.marketAgentId === chosen) ?? agents[0];
  const choice =
    agents.length > 0 ? (
      <NativeSelect
        label={t('insights.lossTrendAgent')}
        value={String(agent?.marketAgentId ?? '')}
        onChange={(e) => setChosen(Number(e.currentTarget.value))}
        data={agents.map((a) => ({
          value: String(a.marketAgentId),
          label: a.lossFlagged ? t('insights.lossTrendFlagged', { agent: a.agentName }) : a.agentName,
        }))}
        size="md"
        maw={320}
        mb="sm"
      />
    ) : null;
  return (
    <LossTrendCard
      id="farm-loss-trend-title"
      title={t('insights.lossTrendTitle')}
      intro={t('insights.lossTrendIntro')}
      choice={choice}
      own={agent?.agentName ?? t('insights.colAgent')}
      other={t('insights.farmRow')}
      weeks={insights.data ? againstFarm(insights.data, agent) : undefined}
      failed={insights.isError ? t('insights.agentsFailed') : null}
      csvFileName={t('insights.lossTrendCsvFileName')}
    />
  );
}
