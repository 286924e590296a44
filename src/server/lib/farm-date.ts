// Calendar days in the farm's time zone (DESIGN §5): "today" is the farm's today, not the server's.

/** FARM_TIMEZONE when unset (DESIGN §2). */
export const DEFAULT_FARM_TIMEZONE = 'Africa/Johannesburg';

/** Today's date in `timeZone` as YYYY-MM-DD. */
export function farmToday(timeZone: string, now: Date = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
