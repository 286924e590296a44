// The farm's weekly e-mail (decision 070): to every farm store account, the farm's losses over the
// last 12 weeks and the agents marked "Losing crates" on Market Agents, with the two weeks that marked
// them. Sent once per farm week (Monday to Sunday, FARM_TIMEZONE) however many instances or runs ask:
// the week is claimed in the same transaction that queues the e-mails.
import { type AgentInsightsResponse, INSIGHT_WEEKS, type LossWeek } from '../../../shared/insights.ts';
import type { Db } from '../../db/client.ts';
import { farmToday } from '../../lib/farm-date.ts';
import { html } from '../../lib/html.ts';
import { formatDateIn, type Translator, translatorFor } from '../../lib/i18n.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import * as repo from './repository.ts';
import * as rules from './rules.ts';
import { everyAgentsInsights, type InsightOptions, weekStarts } from './service.ts';

type FarmEmailDeps = InsightOptions & { db: Db; mailer: Mailer };

/** What a run did: the week it was for, and the e-mails queued (0 when the week had its e-mail already). */
type FarmEmailResult = { weekStart: string; recipientCount: number; flaggedCount: number };

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)} %`);
const sum = (weeks: readonly LossWeek[], key: 'received' | 'writtenOff') => weeks.reduce((n, w) => n + w[key], 0);

/** An agent marked "Losing crates", with the latest two weeks running that marked it. */
type FlaggedAgent = { agentName: string; businessName: string | null; weeks: [LossWeek, LossWeek] };

/** The agents the Market Agents screen marks, in its order, each with the two weeks that marked it. */
function flaggedAgents(insights: AgentInsightsResponse): FlaggedAgent[] {
  return insights.agents.flatMap((a) => {
    const weeks = a.lossFlagged ? rules.flaggedWeeks(a.weeks, insights.farm.weeks) : null;
    return weeks ? [{ agentName: a.agentName, businessName: a.businessName, weeks }] : [];
  });
}

function flaggedLine(tr: Translator, f: FlaggedAgent, farmWeeks: readonly LossWeek[]) {
  const [first, second] = f.weeks;
  const farm = farmWeeks.filter((w) => w.weekStart === first.weekStart || w.weekStart === second.weekStart);
  const lost = first.writtenOff + second.writtenOff;
  const received = first.received + second.received;
  return tr.t('insights.mailFlaggedAgent', {
    agent: f.businessName ? `${f.agentName} (${f.businessName})` : f.agentName,
    lost,
    received,
    first: formatDateIn(tr, first.weekStart),
    second: formatDateIn(tr, second.weekStart),
    rate: percent(received > 0 ? lost / received : null),
    farmRate: percent(rules.overallLossRate(farm)),
  });
}

/** The e-mail to one reader, text and HTML saying the same. */
export function farmWeeklyEmail(
  reader: { name: string; language: string | null },
  weekStart: string,
  insights: AgentInsightsResponse,
) {
  const tr = translatorFor(reader.language);
  const flagged = flaggedAgents(insights);
  const farm = insights.farm;
  const received = sum(farm.weeks, 'received');
  const lost = sum(farm.weeks, 'writtenOff');
  const hello = tr.t('mail.hello', { name: reader.name });
  const intro = tr.t('insights.mailIntro', { lost, received, rate: percent(rules.overallLossRate(farm.weeks)) });
  const flaggedLines = flagged.map((f) => flaggedLine(tr, f, farm.weeks));
  const days = farm.turnaround.medianDays;
  const after = [
    tr.t('insights.mailOverdue', { crates: farm.overdueAtClients }),
    days === null ? tr.t('insights.mailTurnaroundNone') : tr.t('insights.mailTurnaround', { days }),
    tr.t('insights.mailRule'),
    tr.t('insights.mailMore'),
  ];
  const heading = flagged.length > 0 ? tr.t('insights.mailFlaggedHeading') : tr.t('insights.mailNoneFlagged');
  const subject = tr.t('insights.mailSubject', { week: formatDateIn(tr, weekStart), count: flagged.length });
  const text = [hello, '', intro, '', heading, ...flaggedLines.map((l) => `- ${l}`), '', ...after, '', 'Cratekeeper'];
  const body = html`<p>${hello}</p>
<p>${intro}</p>
<p>${heading}</p>
${flaggedLines.length > 0 ? html`<ul>${flaggedLines.map((l) => html`<li>${l}</li>`)}</ul>` : html``}
${after.map((l) => html`<p>${l}</p>`)}
<p>Cratekeeper</p>`;
  return { subject, text: text.join('\n'), html: body.value };
}

/**
 * E-mails every farm store account the farm's weekly losses, once for the farm week `now` falls in: a
 * second run that week (another instance, a restart, a changed schedule) queues nothing.
 */
export async function sendFarmWeeklyEmail(deps: FarmEmailDeps, now: Date = new Date()): Promise<FarmEmailResult> {
  const weekStart = weekStarts(farmToday(deps.timeZone, now), 1)[0]!;
  const [insights, readers] = await Promise.all([
    everyAgentsInsights(deps.db, deps, INSIGHT_WEEKS),
    repo.farmStoreReaders(deps.db),
  ]);
  const flaggedCount = insights.agents.filter((a) => a.lossFlagged).length;
  const queued = await deps.db.transaction(async (tx) => {
    if (!(await repo.claimFarmWeeklyEmail(tx, weekStart))) return [];
    const mails = [];
    for (const reader of readers) {
      mails.push(
        await deps.mailer.queueWithin(tx, { to: reader.email, ...farmWeeklyEmail(reader, weekStart, insights) }),
      );
    }
    return mails;
  });
  // Delivery starts once the claim and the messages are committed together.
  for (const mail of queued) await mail.deliver();
  return { weekStart, recipientCount: queued.length, flaggedCount };
}
