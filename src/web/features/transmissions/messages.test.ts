import { describe, expect, it } from 'vitest';
import { acknowledgedMessage, emptiesMessage, returnMax } from './messages.ts';

describe('returning empties', () => {
  it("keeps the spec's message for none and says how many there are otherwise", () => {
    expect(emptiesMessage(0)).toBe('No empty crates available to return');
    expect(emptiesMessage(1)).toBe('Only 1 empty crate available to return');
    expect(emptiesMessage(90)).toBe('Only 90 empty crates available to return');
  });

  it("uses the agent's empties as the field's maximum when below the form's 400", () => {
    expect(returnMax(90)).toBe(90);
    expect(returnMax(1000)).toBe(400);
    expect(returnMax(undefined)).toBe(400);
    expect(returnMax(0)).toBe(1);
  });
});

describe('acknowledging', () => {
  it('says the spec text, and that a difference was flagged', () => {
    expect(acknowledgedMessage(50, 50)).toBe('Transmission acknowledged and billing updated');
    expect(acknowledgedMessage(50, 48)).toBe(
      'Transmission acknowledged and billing updated. The difference (2 crates short) was flagged.',
    );
    expect(acknowledgedMessage(50, 51)).toBe(
      'Transmission acknowledged and billing updated. The difference (1 crate over) was flagged.',
    );
  });
});
