// What the 'Trending up/down/Stable' label is based on (spec §2: the last two history points), in
// words beside it: the chart shows at most 20 points and can hide that last change.
import dayjs from 'dayjs';
import { formatRand } from '../../../shared/money.ts';
import { trendDirection } from '../../../shared/pricing-format.ts';
import { t } from '../../lib/i18n/language.ts';

type Point = { effectiveDate: string; pricePerCrate: number };

/** '3 Nov' this year, '3 Nov 2025' in another. */
const formatDay = (date: string, today: string) =>
  dayjs(date).format(dayjs(date).year() === dayjs(today).year() ? 'D MMM' : 'D MMM YYYY'); // i18n-ignore: date formats

/**
 * 'up from R 110.00 to R 115.00 on 3 Nov', 'down from …', 'unchanged at R 115.00 on 3 Nov', or for a
 * single point 'R 115.00 since 3 Nov'; empty for no points. `points` are oldest first.
 */
export function trendBasis(points: readonly Point[], today = dayjs().format('YYYY-MM-DD')): string {
  if (points.length === 0) return '';
  const last = points[points.length - 1];
  const on = formatDay(last.effectiveDate, today);
  if (points.length === 1) return t('pricing.basisSince', { price: formatRand(last.pricePerCrate), on });
  const previous = points[points.length - 2];
  const direction = trendDirection(points);
  if (direction === 'stable') return t('pricing.basisUnchanged', { price: formatRand(last.pricePerCrate), on });
  return t('pricing.basisChange', {
    direction,
    from: formatRand(previous.pricePerCrate),
    to: formatRand(last.pricePerCrate),
    on,
  });
}
