// Calendar days in the farm's time zone (DESIGN §5): "today" is the farm's today, not the server's.

/** FARM_TIMEZONE when unset (DESIGN §2). */
export const DEFAULT_FARM_TIMEZONE = 'Africa/Johannesburg';

/** Neither Settings nor FARM_NAME name the farm: the name the public site shows (decisions 049, 067). */
export { DEFAULT_FARM_NAME } from '../../shared/farm-name.ts';

/** Today's date in `timeZone` as YYYY-MM-DD. */
export function farmToday(timeZone: string, now: Date = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

// Calendar arithmetic on YYYY-MM-DD dates, counted in UTC days so no time zone or daylight saving
// shifts a day.
const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** `date` moved by `days` calendar days (negative: back). */
export const addDays = (date: string, days: number): string =>
  new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);

/** How many calendar days `to` is after `from` (negative when before). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);
