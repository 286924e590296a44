import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

describe('LOAN_OVERDUE_DAYS', () => {
  it('defaults to 14 days and takes a whole number of days', () => {
    expect(loadConfig({}).loanOverdueDays).toBe(14);
    expect(loadConfig({ LOAN_OVERDUE_DAYS: '30' }).loanOverdueDays).toBe(30);
  });

  it('refuses anything but a whole number of days, 1 or more', () => {
    for (const bad of ['0', '-3', '1.5', 'two weeks']) {
      expect(() => loadConfig({ LOAN_OVERDUE_DAYS: bad }), bad).toThrow(/LOAN_OVERDUE_DAYS/);
    }
  });
});
