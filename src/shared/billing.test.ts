// The billing cycle's rate as a person types it: the decimal comma reads as a point,
// through the one money parser; what could mean two amounts is refused with the field's message.
import { describe, expect, it } from 'vitest';
import { billingMessages as m, ratePerCrate } from './billing.ts';

describe('ratePerCrate', () => {
  it('takes "1,50" as well as "1.50", both meaning R 1.50, and answers the exact decimal', () => {
    expect(ratePerCrate.parse('1,50')).toBe('1.50');
    expect(ratePerCrate.parse('1.50')).toBe('1.50');
    expect(ratePerCrate.parse('0,7')).toBe('0.70');
    expect(ratePerCrate.parse(' R 0,35 ')).toBe('0.35');
    expect(ratePerCrate.parse(0.7)).toBe('0.70');
  });

  it('refuses "1,5,0", "1.234,5", three places and nothing above zero with the field message', () => {
    for (const bad of ['1,5,0', '1.234,5', '0,355', '0,00', '-1,50', 'abc']) {
      const result = ratePerCrate.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message, bad).toBe(m.rateInvalid);
    }
    expect(ratePerCrate.safeParse('').error?.issues[0]?.message).toBe(m.rateRequired);
  });
});
