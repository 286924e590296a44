import { describe, expect, it } from 'vitest';
import { INVALID_QUANTITY, quantityLimit, rangeMessage } from './quantity-limits.ts';

describe('a quantity field says its limit once (decision 061)', () => {
  const empties = quantityLimit(1, 90, (max) => `Only ${max} empty crates available to return`);

  it('hints the limit it enforces', () => {
    expect(empties.hint).toBe('1 to 90');
    expect(quantityLimit(0, 55).hint).toBe('0 to 55');
  });

  it('says the spec’s words for negative and non-whole numbers, as typed', () => {
    expect(INVALID_QUANTITY).toBe('Invalid Quantity: Please enter a valid quantity');
    for (const typed of ['-3', -3, '2.5', 2.5, '1e3', 'abc', '-0.5'])
      expect(empties.check(typed)).toBe(INVALID_QUANTITY);
  });

  it('names the limit above it and below it', () => {
    expect(empties.check(999)).toBe('Only 90 empty crates available to return');
    expect(empties.check('91')).toBe('Only 90 empty crates available to return');
    expect(empties.check(0)).toBe('Quantity must be between 1 and 90');
    expect(quantityLimit(0, 55).check('999999')).toBe(rangeMessage(0, 55));
  });

  it('lets a value within the limit, a blank or a half-typed minus through', () => {
    expect(empties.check(90)).toBeNull();
    expect(empties.check('1')).toBeNull();
    expect(empties.check('')).toBeNull();
    expect(empties.check('-')).toBeNull();
  });
});

describe("the farm's send forms (decision 067)", () => {
  it('take their checks from the same limit: the spec words for negative and non-whole, the range otherwise', async () => {
    const { farmSendForm } = await import('./transmissions.ts');
    const quantity = farmSendForm(400).shape.quantity;
    const message = (n: number) => quantity.safeParse(n).error?.issues[0]?.message;
    expect(message(-5)).toBe(INVALID_QUANTITY);
    expect(message(2.5)).toBe(INVALID_QUANTITY);
    expect(message(0)).toBe(rangeMessage(1, 400));
    expect(message(401)).toBe(rangeMessage(1, 400));
    expect(message(400)).toBeUndefined();
  });
});
