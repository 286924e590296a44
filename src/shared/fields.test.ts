import { describe, expect, it } from 'vitest';
import { evidenceMessages } from './evidence.ts';
import { choicesMessage, oneOf } from './fields.ts';
import { userListQuery } from './users.ts';

describe('a closed list of choices', () => {
  it('names the field and every choice in its refusal', () => {
    expect(choicesMessage('status', ['active', 'removed'])).toBe("status must be 'active' or 'removed'");
    expect(evidenceMessages.recordKind).toBe(
      "recordKind must be 'transmission', 'stock-take-line', 'client-transaction' or 'balance-statement'",
    );
  });

  it('accepts a choice and refuses anything else with that message', () => {
    const action = oneOf('action', ['accept', 'recount']);
    expect(action.parse('recount')).toBe('recount');
    const refused = action.safeParse('Accept');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe("action must be 'accept' or 'recount'");
    const query = userListQuery.safeParse({ status: 'gone' });
    expect(query.error?.issues[0].message).toBe("status must be 'active' or 'removed'");
  });
});
