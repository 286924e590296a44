// A report's period in calendar days (farm time): the request's dates or the spec's default (the
// last 7 days up to today), the period just before it for the 'vs last period' changes, and how many
// days one bar of the chart holds.
import { DEFAULT_REPORT_DAYS, MAX_REPORT_DAYS, reportMessages } from '../../../shared/reports.ts';
import { addDays, daysBetween } from '../../lib/farm-date.ts';
import { badRequest } from '../../lib/http-error.ts';

export type Period = { startDate: string; endDate: string; days: number };

export function resolvePeriod(range: { startDate?: string; endDate?: string }, today: string): Period {
  const endDate = range.endDate ?? (range.startDate && range.startDate > today ? range.startDate : today);
  const startDate = range.startDate ?? addDays(endDate, -(DEFAULT_REPORT_DAYS - 1));
  if (startDate > endDate) throw badRequest(reportMessages.dateOrder, { endDate: reportMessages.dateOrder });
  const days = daysBetween(startDate, endDate) + 1;
  if (days > MAX_REPORT_DAYS) throw badRequest(reportMessages.tooLong, { startDate: reportMessages.tooLong });
  return { startDate, endDate, days };
}

/** The same number of days just before `period`. */
export const previousPeriod = (period: Period): Period => ({
  startDate: addDays(period.startDate, -period.days),
  endDate: addDays(period.startDate, -1),
  days: period.days,
});

/** Days per chart bar: one bar a day up to a month, then weeks, then fortnights (at most 31 bars). */
export const bucketDays = (days: number) => (days <= 31 ? 1 : days <= 31 * 7 ? 7 : 14);
