// What a read shows on the agent's phone, online and offline (decision 067).
import { describe, expect, it } from 'vitest';
import { readShows } from './read-shows.ts';

describe('what a read shows', () => {
  it('shows an answer it has, online or not, also after a failed refetch', () => {
    expect(readShows({ data: [], isError: true }, false)).toBe('answer');
    expect(readShows({ data: { fullCrates: 3 }, isError: true }, true)).toBe('answer');
  });
  it('offline with no answer says nothing was saved, never an empty list nor a failure', () => {
    expect(readShows({ data: undefined, isError: false }, false)).toBe('nothing-saved');
    expect(readShows({ data: undefined, isError: true }, false)).toBe('nothing-saved');
  });
  it('online with no answer: loading, or the failure', () => {
    expect(readShows({ data: undefined, isError: false }, true)).toBe('loading');
    expect(readShows({ data: undefined, isError: true }, true)).toBe('failed');
  });
});
