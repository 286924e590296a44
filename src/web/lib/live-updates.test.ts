// Each change refreshes the screens once (decision 072): the answer and the stream both bring a
// browser's own change, and only the first of them refreshes.
import { describe, expect, it } from 'vitest';
import { firstSight } from './live-updates.ts';

describe('firstSight', () => {
  it('is true once per change id, whichever brings it first', () => {
    expect(firstSight(9001)).toBe(true);
    expect(firstSight(9001)).toBe(false);
    expect(firstSight(9002)).toBe(true);
  });

  it('forgets the oldest ids beyond a few hundred, so it stays small', () => {
    for (let id = 10_000; id < 10_600; id++) firstSight(id);
    expect(firstSight(10_000)).toBe(true);
    expect(firstSight(10_599)).toBe(false);
  });
});
