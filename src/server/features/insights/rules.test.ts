// The insight rules on known figures: oldest-first matching, loss rates and their flag, and the
// forecast (a known weekly series gives a known forecast and error; too little history gives none).
import { describe, expect, it } from 'vitest';
import {
  BACKTEST_WEEKS,
  backtestWape,
  firstActiveWeek,
  flaggedWeeks,
  forecastNextWeek,
  holdingsAtWeekEnds,
  lossFlagged,
  lossWeek,
  MIN_HISTORY_WEEKS,
  matchTurnaround,
  median,
  medianLossWeeks,
  overallLossRate,
  smooth,
  stockLastsDays,
  sumLossWeeks,
  weightedMedian,
} from './rules.ts';

const day = (d: number, out = 0, back = 0, lost = 0) => ({ day: d, out, back, lost });

describe('matchTurnaround', () => {
  it('matches returns to the oldest crates out', () => {
    // 10 out on day 0, 10 on day 5; 15 back on day 12: 10 took 12 days, 5 took 7.
    const t = matchTurnaround([day(0, 10), day(5, 10), day(12, 0, 15)], 20);
    expect(t).toEqual({
      medianDays: 12,
      cratesBack: 15,
      stillOut: 5,
      stillOutMedianDays: 15,
      stillOutOldestDays: 15,
    });
  });

  it('weighs by crates: many quick returns outweigh one slow one', () => {
    const t = matchTurnaround([day(0, 1), day(1, 9), day(30, 0, 1), day(31, 0, 9)], 31);
    // The one crate out on day 0 came back on day 30 (30 days); the nine others took 30 days too.
    expect(t.medianDays).toBe(30);
    const quick = matchTurnaround([day(0, 1), day(30, 0, 1), day(30, 9), day(32, 0, 9)], 40);
    expect(quick.medianDays).toBe(2);
  });

  it('closes written-off crates without a turnaround and sorts the days first', () => {
    const t = matchTurnaround([day(9, 0, 5), day(0, 10, 0, 3)], 10);
    // Three of day 0's ten are written off at once; five of the other seven come back on day 9.
    expect(t).toMatchObject({ medianDays: 9, cratesBack: 5, stillOut: 2, stillOutOldestDays: 10 });
  });

  it('leaves crates back beyond those delivered unmatched, and has no median with none back', () => {
    expect(matchTurnaround([day(3, 0, 20)], 5)).toEqual({
      medianDays: null,
      cratesBack: 0,
      stillOut: 0,
      stillOutMedianDays: null,
      stillOutOldestDays: null,
    });
    expect(matchTurnaround([day(1, 4)], 3)).toMatchObject({ medianDays: null, stillOut: 4, stillOutMedianDays: 2 });
  });
});

describe('medians', () => {
  it('weighted and plain', () => {
    expect(weightedMedian([])).toBeNull();
    expect(
      weightedMedian([
        { value: 5, weight: 1 },
        { value: 1, weight: 3 },
      ]),
    ).toBe(1);
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('loss rates', () => {
  it('is written off over received, null with nothing received', () => {
    expect(lossWeek('2026-01-05', 200, 10).lossRate).toBe(0.05);
    expect(lossWeek('2026-01-05', 0, 3).lossRate).toBeNull();
    const farm = sumLossWeeks(['a', 'b'], [[lossWeek('a', 100, 1), lossWeek('b', 0, 0)], [lossWeek('a', 100, 3)]]);
    expect(farm).toEqual([lossWeek('a', 200, 4), lossWeek('b', 0, 0)]);
    expect(overallLossRate(farm)).toBe(0.02);
    expect(overallLossRate([])).toBeNull();
  });

  it('flags an agent over twice the farm rate with at least 10 crates, two weeks running', () => {
    const farm = ['a', 'b', 'c'].map((w) => lossWeek(w, 1000, 20)); // 2 %
    const bad = [lossWeek('a', 100, 10), lossWeek('b', 100, 12), lossWeek('c', 100, 0)];
    expect(lossFlagged(bad, farm)).toBe(true);
    const once = [lossWeek('a', 100, 10), lossWeek('b', 100, 0), lossWeek('c', 100, 10)];
    expect(lossFlagged(once, farm)).toBe(false);
    const few = [lossWeek('a', 10, 9), lossWeek('b', 10, 9), lossWeek('c', 10, 9)];
    expect(lossFlagged(few, farm)).toBe(false);
    const atTwice = [lossWeek('a', 500, 20), lossWeek('b', 500, 20)]; // 4 %: not more than twice 2 %
    expect(lossFlagged(atTwice, farm)).toBe(false);
  });

  it('names the latest two weeks running over the line', () => {
    const farm = ['a', 'b', 'c', 'd'].map((w) => lossWeek(w, 1000, 20));
    const agent = [lossWeek('a', 100, 10), lossWeek('b', 100, 12), lossWeek('c', 100, 15), lossWeek('d', 100, 1)];
    expect(flaggedWeeks(agent, farm)?.map((w) => w.weekStart)).toEqual(['b', 'c']);
    expect(flaggedWeeks(agent.slice(3), farm.slice(3))).toBeNull();
  });

  it("gives the median agent's loss rate week by week, over the agents that received crates", () => {
    const weeks = ['a', 'b', 'c'];
    const series = [
      [lossWeek('a', 100, 1), lossWeek('b', 100, 10), lossWeek('c', 0, 0)],
      [lossWeek('a', 100, 3), lossWeek('b', 0, 2), lossWeek('c', 0, 0)],
      [lossWeek('a', 100, 5), lossWeek('b', 50, 1), lossWeek('c', 0, 0)],
    ];
    expect(medianLossWeeks(weeks, series)).toEqual([
      { weekStart: 'a', lossRate: 0.03 },
      { weekStart: 'b', lossRate: (0.1 + 0.02) / 2 },
      { weekStart: 'c', lossRate: null },
    ]);
  });
});

describe('the forecast', () => {
  it('smooths a known series', () => {
    // level 100 → 0.4·200 + 0.6·100 = 140 → 0.4·100 + 0.6·140 = 124
    expect(smooth([100, 200, 100])).toBeCloseTo(124);
    expect(smooth([])).toBe(0);
    expect(smooth(Array(20).fill(50))).toBe(50);
  });

  it('gives a steady series its own level with no error', () => {
    const steady = Array(MIN_HISTORY_WEEKS).fill(80);
    expect(forecastNextWeek(steady)).toEqual({ status: 'forecast', nextWeek: 80, wape: 0 });
  });

  it('backtests one week ahead over the last 8 weeks', () => {
    // Four weeks of 100, then alternating 100 and 200: errors known by hand for the first two.
    const series = [100, 100, 100, 100, 200, 100, 200, 100, 200, 100, 200, 100];
    let error = 0;
    let actual = 0;
    for (let t = series.length - BACKTEST_WEEKS; t < series.length; t++) {
      error += Math.abs(smooth(series.slice(0, t)) - series[t]!);
      actual += series[t]!;
    }
    expect(backtestWape(series)).toBeCloseTo(error / actual);
    // The first backtested week: forecast 100 from four 100s, actual 200 → error 100.
    expect(Math.abs(smooth(series.slice(0, 4)) - 200)).toBe(100);
    const f = forecastNextWeek(series);
    expect(f).toEqual({ status: 'forecast', nextWeek: Math.round(smooth(series)), wape: error / actual });
  });

  it('does not divide by zero when the backtested weeks were all 0', () => {
    const series = [50, 50, 50, 50, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(forecastNextWeek(series)).toMatchObject({ status: 'forecast', wape: null });
  });

  it('says so instead of guessing with too little history', () => {
    const young = [0, 0, 0, 0, 0, 10, 20, 30, 20, 10, 20, 30, 20, 10, 20, 30];
    expect(forecastNextWeek(young)).toEqual({
      status: 'too-little-history',
      weeksOfHistory: 11,
      weeksNeeded: MIN_HISTORY_WEEKS,
    });
    expect(forecastNextWeek([])).toMatchObject({ status: 'too-little-history', weeksOfHistory: 0 });
    // History counted from the agent's first week of any crates, sent or returned.
    expect(firstActiveWeek([0, 0, 5], [0, 3, 0])).toBe(1);
    expect(forecastNextWeek(young, 4)).toMatchObject({ status: 'forecast' });
  });

  it("says how long the farm's stock lasts", () => {
    expect(stockLastsDays(900, 100)).toBe(9);
    expect(stockLastsDays(950, 100)).toBe(9);
    expect(stockLastsDays(900, 0)).toBeNull();
    expect(stockLastsDays(900, -5)).toBeNull();
    expect(stockLastsDays(900, null)).toBeNull();
  });
});

describe('holdingsAtWeekEnds', () => {
  it('takes each later week’s movements off the crates now', () => {
    const now = new Map([
      ['farm', 70],
      ['agentsFull', 30],
    ]);
    const moved = new Map([
      [
        'w3',
        new Map([
          ['farm', -10],
          ['agentsFull', 10],
        ]),
      ],
      ['w2', new Map([['farm', 5]])],
    ]);
    const ends = holdingsAtWeekEnds(['w1', 'w2', 'w3'], now, moved);
    expect(ends.map((m) => Object.fromEntries(m))).toEqual([
      { farm: 75, agentsFull: 20 },
      { farm: 80, agentsFull: 20 },
      { farm: 70, agentsFull: 30 },
    ]);
  });
});
