// The one-timer provider for TanStack Query (decision 033): never early, at most a tick late, polls
// due together run together, and clearing or a throwing callback leaves the others alone.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalescedTimers, TICK_MS } from './coalesced-timers.ts';

/** A fake clock whose one browser timer we can see. */
function fakeClock() {
  let now = 0;
  const pending = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  const clock = {
    now: () => now,
    setTimeout: (run: () => void, ms: number) => {
      const id = next++;
      pending.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (id: unknown) => pending.delete(id as number),
  };
  /** Moves time on to `to`, running browser timers as they fall due. */
  const advance = (to: number) => {
    for (;;) {
      const due = [...pending].filter(([, t]) => t.at <= to).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].run();
    }
    now = to;
  };
  return { clock, advance, browserTimers: () => pending.size };
}

afterEach(() => vi.restoreAllMocks());

describe('coalescedTimers', () => {
  it('runs a timeout once, never before its delay and within a tick after it', () => {
    const { clock, advance } = fakeClock();
    const timers = coalescedTimers(clock);
    const run = vi.fn();
    timers.setTimeout(run, 250);
    advance(249);
    expect(run).not.toHaveBeenCalled();
    advance(250 + TICK_MS);
    expect(run).toHaveBeenCalledTimes(1);
    advance(10_000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(timers.size).toBe(0);
  });

  it('keeps one browser timer however many timers wait, and runs those due together in one go', () => {
    const { clock, advance, browserTimers } = fakeClock();
    const timers = coalescedTimers(clock);
    const order: string[] = [];
    advance(20);
    timers.setInterval(() => order.push('a'), 3000);
    advance(45);
    timers.setInterval(() => order.push('b'), 3000);
    timers.setTimeout(() => order.push('gc'), 300_000);
    expect(browserTimers()).toBe(1);
    advance(3100);
    expect(order).toEqual(['a', 'b']);
    advance(6100);
    expect(order).toEqual(['a', 'b', 'a', 'b']);
    expect(browserTimers()).toBe(1);
  });

  it('forgets a cleared timer, also one cleared by a callback due in the same tick', () => {
    const { clock, advance } = fakeClock();
    const timers = coalescedTimers(clock);
    const later = vi.fn();
    const id = timers.setInterval(later, 1000);
    timers.setTimeout(() => timers.clearInterval(id), 900);
    const gone = timers.setTimeout(vi.fn(), 500);
    timers.clearTimeout(gone);
    advance(5000);
    expect(later).not.toHaveBeenCalled();
    expect(timers.size).toBe(0);
  });

  it('arms the browser timer earlier when an earlier timer arrives', () => {
    const { clock, advance } = fakeClock();
    const timers = coalescedTimers(clock);
    const first = vi.fn();
    timers.setTimeout(vi.fn(), 5000);
    timers.setTimeout(first, 100);
    advance(200);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('still runs the other timers when one throws, and reports the error', () => {
    const { clock, advance } = fakeClock();
    const timers = coalescedTimers(clock);
    const reported = vi.spyOn(globalThis, 'setTimeout').mockImplementation((() => 0) as never);
    const other = vi.fn();
    timers.setTimeout(() => {
      throw new Error('boom');
    }, 100);
    timers.setTimeout(other, 100);
    advance(300);
    expect(other).toHaveBeenCalledTimes(1);
    expect(reported).toHaveBeenCalledTimes(1);
  });
});
