import { describe, expect, it } from 'vitest';
import { trendBasis } from './trend-basis.ts';

const normal = (s: string) => s.replaceAll('\u00a0', ' ');
const p = (effectiveDate: string, pricePerCrate: number) => ({ effectiveDate, pricePerCrate });
const today = '2026-11-22';

describe('trendBasis', () => {
  it('names the last change, whatever the chart shows before it', () => {
    const points = [p('2026-06-01', 15000), p('2026-09-01', 13500), p('2026-10-20', 11000), p('2026-11-03', 11500)];
    expect(normal(trendBasis(points, today))).toBe('up from R 110.00 to R 115.00 on 3 Nov');
    expect(normal(trendBasis([p('2026-10-01', 12000), p('2026-11-03', 11500)], today))).toBe(
      'down from R 120.00 to R 115.00 on 3 Nov',
    );
  });

  it('says unchanged when the last two prices are the same', () => {
    expect(normal(trendBasis([p('2026-10-01', 11500), p('2026-11-03', 11500)], today))).toBe(
      'unchanged at R 115.00 on 3 Nov',
    );
  });

  it('gives the year of a change in another year, and handles one or no point', () => {
    expect(normal(trendBasis([p('2025-12-30', 10000), p('2025-12-31', 10500)], today))).toBe(
      'up from R 100.00 to R 105.00 on 31 Dec 2025',
    );
    expect(normal(trendBasis([p('2026-11-03', 11500)], today))).toBe('R 115.00 since 3 Nov');
    expect(trendBasis([], today)).toBe('');
  });
});
