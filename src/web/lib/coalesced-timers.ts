// TanStack Query's timers on one browser timer (decision 033). Every polled query has its own
// interval, a staleness timeout and a clean-up timeout, each set again whenever an observer
// subscribes or its options change: a dashboard opening set about 100 browser timers in the task
// that mounts it, and then its polls fired each in a task of its own. Here the timers are kept in a
// list and one browser timeout waits for the earliest. Due times are rounded up to TICK_MS, so
// polls that fall due together run in one task (and their answers render together); a timer never
// fires early, at most TICK_MS late.
import type { ManagedTimerId, TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

export const TICK_MS = 100;

type Timer = { due: number; every: number | null; run: TimeoutCallback };

export type CoalescedTimers = TimeoutProvider<number> & {
  /** How many timers are waiting (for tests). */
  readonly size: number;
};

/** A TimeoutProvider on `clock`'s single timer (the browser's by default). */
// Long: one list of timers and its one browser timer, shared by the provider's four functions in one closure.
export function coalescedTimers(
  clock: {
    now: () => number;
    setTimeout: (run: () => void, ms: number) => unknown;
    clearTimeout: (handle: unknown) => void;
  } = {
    now: () => performance.now(),
    setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
): CoalescedTimers {
  const timers = new Map<number, Timer>();
  let nextId = 1;
  let armed: { due: number; handle: unknown } | null = null;

  const dueAfter = (ms: number) => Math.ceil((clock.now() + Math.max(0, ms)) / TICK_MS) * TICK_MS;

  /** Makes sure the browser timer fires by the earliest due time (never re-arms for a later one). */
  function arm(due: number) {
    if (armed && armed.due <= due) return;
    if (armed) clock.clearTimeout(armed.handle);
    armed = { due, handle: clock.setTimeout(fire, Math.max(0, due - clock.now())) };
  }

  function fire() {
    armed = null;
    const now = clock.now();
    const ready = [...timers].filter(([, t]) => t.due <= now).sort((a, b) => a[1].due - b[1].due);
    for (const [id, timer] of ready) {
      // Cleared by a callback that ran before it in this tick.
      if (timers.get(id) !== timer) continue;
      if (timer.every === null) timers.delete(id);
      else timer.due = Math.max(timer.due + timer.every, dueAfter(0));
      try {
        timer.run();
      } catch (error) {
        // As a browser timer's would: reported, and the other timers still run.
        globalThis.setTimeout(() => {
          throw error;
        });
      }
    }
    let earliest = Number.POSITIVE_INFINITY;
    for (const timer of timers.values()) earliest = Math.min(earliest, timer.due);
    if (earliest !== Number.POSITIVE_INFINITY) arm(earliest);
  }

  function add(run: TimeoutCallback, ms: number | undefined, every: number | null): number {
    const id = nextId++;
    const timer = { due: dueAfter(ms ?? 0), every, run };
    timers.set(id, timer);
    arm(timer.due);
    return id;
  }

  // Clearing never touches the browser timer: at worst it fires once for nothing.
  const clear = (id: ManagedTimerId | undefined) => {
    if (id !== undefined) timers.delete(Number(id));
  };

  return {
    setTimeout: (run, ms) => add(run, ms, null),
    clearTimeout: clear,
    // A zero or negative period would spin: the browser runs such an interval every few ms anyway.
    setInterval: (run, ms) => add(run, ms, Math.max(ms, TICK_MS)),
    clearInterval: clear,
    get size() {
      return timers.size;
    },
  };
}
