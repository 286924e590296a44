// Which failures sign a user out (only a 401) and how long the session check waits between tries.
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import {
  FIRST_RETRY_MS,
  isSignedOutError,
  isUnreachableError,
  LONGEST_RETRY_MS,
  retryBackOff,
  retryWhileUnreachable,
} from './server-reach.ts';

const status = (code: number) => new ApiError(code, '', '');

describe('server reach', () => {
  it('only a 401 means signed out', () => {
    expect(isSignedOutError(status(401))).toBe(true);
    for (const other of [status(403), status(500), status(502), new TypeError('Failed to fetch'), new Error('x')])
      expect(isSignedOutError(other)).toBe(false);
  });

  it('a dropped connection or a 5xx means the server is out of reach, and is retried', () => {
    for (const error of [new TypeError('Failed to fetch'), status(500), status(502), status(503), status(504)]) {
      expect(isUnreachableError(error)).toBe(true);
      expect(retryWhileUnreachable(50, error)).toBe(true);
    }
    for (const error of [status(401), status(403), status(404), status(400), new SyntaxError('bad JSON')]) {
      expect(isUnreachableError(error)).toBe(false);
      expect(retryWhileUnreachable(0, error)).toBe(false);
    }
  });

  it('backs off by doubling up to a ceiling', () => {
    expect(retryBackOff(0)).toBe(FIRST_RETRY_MS);
    expect(retryBackOff(1)).toBe(2 * FIRST_RETRY_MS);
    expect(retryBackOff(2)).toBe(4 * FIRST_RETRY_MS);
    expect(retryBackOff(3)).toBe(8 * FIRST_RETRY_MS);
    expect(retryBackOff(4)).toBe(LONGEST_RETRY_MS);
    expect(retryBackOff(40)).toBe(LONGEST_RETRY_MS);
  });
});
