// The header button's name says what waits (decision 067).
import { describe, expect, it } from 'vitest';
import { waitingLabel } from './pending-header-link.tsx';

describe("the header's waiting label", () => {
  it('names the deliveries and a waiting stock take', () => {
    expect(waitingLabel(2, false)).toBe('2 pending transmissions');
    expect(waitingLabel(1, true)).toBe('2 waiting: 1 pending transmission and a stock take to count');
    expect(waitingLabel(0, true)).toBe('1 waiting: a stock take to count');
  });
});
