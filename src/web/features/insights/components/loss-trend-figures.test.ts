// A loss-rate trend's figures: percents with one decimal, gaps where nothing was received, and the
// CSV the table's figures come from.
import { describe, expect, it } from 'vitest';
import { asPercent, percentText, trendCsv } from './loss-trend-figures.ts';

describe('the loss-rate trend', () => {
  it('says a rate as a percent with one decimal; no rate is a gap', () => {
    expect(asPercent(0.12)).toBe(12);
    expect(asPercent(1 / 160)).toBe(0.6);
    expect(asPercent(null)).toBeNull();
    expect(percentText(0.075, '—')).toBe('7.5 %');
    expect(percentText(null, '—')).toBe('—');
  });

  it('writes the CSV: the Monday and both rates in percent, blank without a rate', () => {
    const csv = trendCsv(
      [
        { weekStart: '2026-11-16', own: 0.12, other: 0.03 },
        { weekStart: '2026-11-23', own: null, other: 0 },
      ],
      ['Week of', 'Lerato, loss (%)', 'Farm (%)'],
    );
    expect(csv).toBe('Week of,"Lerato, loss (%)",Farm (%)\r\n2026-11-16,12.0,3.0\r\n2026-11-23,,0.0\r\n');
  });
});
