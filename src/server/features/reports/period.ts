// A report's period in calendar days (farm time): the request's dates or, left blank, what the report
// type means by them (decision 041: weekly and custom the spec's last 7 days up to today,
// monthly the calendar month so far, billing the active cycle so far), the period just before it for
// the 'vs last period' changes, and how many days one bar of the chart holds.
import {
  DEFAULT_REPORT_DAYS,
  MAX_REPORT_DAYS,
  type PeriodBasis,
  type ReportType,
  reportMessages,
} from '../../../shared/reports.ts';
import { addDays, daysBetween } from '../../lib/farm-date.ts';
import { badRequest } from '../../lib/http-error.ts';

export type Period = { startDate: string; endDate: string; days: number };

/** What blank dates stand for: the type, and for billing the active cycle's first day (null: none). */
export type BlankDates = { reportType: ReportType; cycleStart?: string | null };

/** The first day of a blank start date for a report ending on `endDate`, and what it means. */
function defaultStart(blank: BlankDates, endDate: string, bothBlank: boolean): [string, PeriodBasis] {
  if (blank.reportType === 'monthly') return [`${endDate.slice(0, 8)}01`, 'monthToDate'];
  if (blank.reportType === 'billing' && bothBlank && blank.cycleStart) {
    // A cycle longer than a report may cover runs its last MAX_REPORT_DAYS.
    const earliest = addDays(endDate, -(MAX_REPORT_DAYS - 1));
    return [blank.cycleStart > earliest ? blank.cycleStart : earliest, 'billingCycle'];
  }
  return [addDays(endDate, -(DEFAULT_REPORT_DAYS - 1)), 'lastDays'];
}

/** The report's period and what it stands for ('dates' when either date was given). */
export function resolvePeriod(
  range: { startDate?: string; endDate?: string },
  today: string,
  blank: BlankDates = { reportType: 'weekly' },
): Period & { basis: PeriodBasis } {
  const endDate = range.endDate ?? (range.startDate && range.startDate > today ? range.startDate : today);
  const bothBlank = !range.startDate && !range.endDate;
  const [fallbackStart, fallbackBasis] = defaultStart(blank, endDate, bothBlank);
  const startDate = range.startDate ?? fallbackStart;
  const basis = bothBlank ? fallbackBasis : 'dates';
  if (startDate > endDate) throw badRequest(reportMessages.dateOrder, { endDate: reportMessages.dateOrder });
  const days = daysBetween(startDate, endDate) + 1;
  if (days > MAX_REPORT_DAYS) throw badRequest(reportMessages.tooLong, { startDate: reportMessages.tooLong });
  return { startDate, endDate, days, basis };
}

/** The same number of days just before `period`. */
export const previousPeriod = (period: Period): Period => ({
  startDate: addDays(period.startDate, -period.days),
  endDate: addDays(period.startDate, -1),
  days: period.days,
});

/** Days per chart bar: one bar a day up to a month, then weeks, then fortnights (at most 31 bars). */
export const bucketDays = (days: number) => (days <= 31 ? 1 : days <= 31 * 7 ? 7 : 14);
