// The farm's crate account in the words of its tiles: crates brought in (the stock history's
// additions and opening balances), written off as damaged (its write-offs), short on counts (counted
// differences, net) and what is left in circulation. brought in − damaged − short = in circulation.
import type { FarmMetrics } from '../../../../shared/agents.ts';

export type CrateAccount = {
  broughtIn: number;
  damaged: number;
  /** Of `damaged`, the crates marked damaged on returns. */
  damagedOnReturn: number;
  shortOnCounts: number;
  inCirculation: number;
};

export function crateAccount(
  m: Pick<FarmMetrics, 'totalCrates' | 'writtenOff' | 'damagedWrittenOff'> & { damagedOnReturn?: number },
): CrateAccount {
  const damagedOnReturn = m.damagedOnReturn ?? 0;
  return {
    // Every crate in the pool came in through the stock history; it is either still in circulation,
    // written off as damaged (in the stock history, or marked damaged on a return: decision 051), or
    // lost on a count (a negative count difference: crates found).
    broughtIn: m.totalCrates + m.writtenOff + m.damagedWrittenOff + damagedOnReturn,
    damaged: m.damagedWrittenOff + damagedOnReturn,
    damagedOnReturn,
    shortOnCounts: m.writtenOff,
    inCirculation: m.totalCrates,
  };
}
