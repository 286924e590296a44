// The stock line asks for action only when the stock runs out within four weeks (decision 070).
import { describe, expect, it } from 'vitest';
import { STOCK_RUNNING_LOW_DAYS, stockRunsLow } from './stock-lasts.ts';

describe('stockRunsLow', () => {
  it('is true up to four weeks of stock, false beyond or when the stock is not running down', () => {
    expect(stockRunsLow(9)).toBe(true);
    expect(stockRunsLow(STOCK_RUNNING_LOW_DAYS)).toBe(true);
    expect(stockRunsLow(STOCK_RUNNING_LOW_DAYS + 1)).toBe(false);
    expect(stockRunsLow(125)).toBe(false);
    expect(stockRunsLow(null)).toBe(false);
  });
});
