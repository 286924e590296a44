// Billing's date rules (DESIGN §5, issue 20), free of the database so they are unit-tested alone:
// cycles never overlap, the active cycle is the one containing today, and a new cycle that starts
// inside the running one after its first day completes it.
import type { CycleStatus } from '../../../shared/billing.ts';
import { addDays } from '../../lib/farm-date.ts';

export type CycleDates = { id: number; startDate: string; endDate: string };

export const overlaps = (a: { startDate: string; endDate: string }, b: { startDate: string; endDate: string }) =>
  a.startDate <= b.endDate && b.startDate <= a.endDate;

export const contains = (c: { startDate: string; endDate: string }, day: string) =>
  c.startDate <= day && day <= c.endDate;

export type CyclePlan =
  /** Insert it as it is. */
  | { kind: 'insert' }
  /** Shorten the running cycle to end the day before the new one starts, then insert. */
  | { kind: 'complete-running'; running: CycleDates; newEndDate: string }
  /** Refused: the dates overlap this cycle. */
  | { kind: 'clash'; with: CycleDates };

/**
 * What creating a cycle with these dates does, given every existing cycle that overlaps them and the
 * farm's today. The one allowed overlap is the spec's "a new cycle completes the current one": the new
 * cycle starts inside the running cycle, after its first day, and overlaps nothing else.
 */
export function planNewCycle(
  next: { startDate: string; endDate: string },
  existing: readonly CycleDates[],
  today: string,
): CyclePlan {
  const clashing = existing.filter((c) => overlaps(c, next)).sort((a, b) => a.startDate.localeCompare(b.startDate));
  if (clashing.length === 0) return { kind: 'insert' };
  const [first] = clashing;
  if (
    clashing.length === 1 &&
    contains(first, today) &&
    first.startDate < next.startDate &&
    next.startDate <= first.endDate
  ) {
    return { kind: 'complete-running', running: first, newEndDate: addDays(next.startDate, -1) };
  }
  return { kind: 'clash', with: first };
}

/**
 * A cycle's status on the farm's `today`: upcoming before it starts, active while its dates contain
 * today, then paid once payments are recorded and nobody is owed more, otherwise completed.
 */
export function cycleStatus(
  cycle: { startDate: string; endDate: string; totalPaidCents: number; agentsOwed: number },
  today: string,
): CycleStatus {
  if (cycle.startDate > today) return 'upcoming';
  if (cycle.endDate >= today) return 'active';
  return cycle.totalPaidCents > 0 && cycle.agentsOwed === 0 ? 'paid' : 'completed';
}
