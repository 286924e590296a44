// How the farm reads numbers and times: crates with thousands separators, dates and relative times
// in the current language, its month names from the catalogue (decision 065: Chromium has none for
// isiZulu or Sesotho, and the server must say the same).
import dayjs from 'dayjs';
import { t } from './i18n/language.ts';

export { formatCount, plural } from '../../shared/counts.ts';

/**
 * "1 crate", "0 crates" in the current language; an adjective goes between: crates(1, 'empty') → "1 empty
 * crate". The same catalogue messages as the server's `crates()` (src/shared/counts.ts), which says them
 * in English for a sentence the languages plugin translates whole.
 */
export const crates = (n: number, adjective?: 'full' | 'empty') =>
  t(adjective ? `crates.${adjective}` : 'common.crates', { count: n });

const monthName = (month: number) => t('dates.months').split(' ')[month] ?? '';

/** "29 Nov 2026" (English), "29 Nov 2026" in the month names of the current language. */
export function formatDate(when: string | Date) {
  const day = dayjs(when);
  return `${day.date()} ${monthName(day.month())} ${day.year()}`;
}

/** "29 Nov 2026, 14:05". */
export const formatDateTime = (when: string | Date) => `${formatDate(when)}, ${dayjs(when).format('HH:mm')}`;

/** "3 hours ago", in the current language; a moment in the future reads "just now". */
export function fromNow(when: string | Date, now: Date = new Date()) {
  const seconds = Math.max(0, (now.getTime() - dayjs(when).valueOf()) / 1000);
  const minutes = Math.round(seconds / 60);
  const hours = Math.round(seconds / 3600);
  const days = Math.round(seconds / 86_400);
  if (seconds < 45) return t('dates.justNow');
  if (minutes < 45) return t('dates.minutesAgo', { n: Math.max(1, minutes) });
  if (hours < 22) return t('dates.hoursAgo', { n: hours });
  if (days < 26) return t('dates.daysAgo', { n: days });
  if (days < 320) return t('dates.monthsAgo', { n: Math.max(1, Math.round(days / 30)) });
  return t('dates.yearsAgo', { n: Math.max(1, Math.round(days / 365)) });
}
