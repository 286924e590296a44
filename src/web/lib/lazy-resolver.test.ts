// A form's checks loaded on first use (decision 033): nothing is sent before the checks are in.
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver.ts';

const event = () => ({ preventDefault: vi.fn() });

describe('lazyResolver', () => {
  it('loads the checks once, and a send waits for them before submitting', async () => {
    const check = vi.fn((values: { n: number }) => (values.n > 0 ? {} : { n: 'Too small' }));
    const load = vi.fn(async () => check);
    const checks = lazyResolver(load);
    expect(checks.validate({ n: 0 })).toEqual({});
    const submit = vi.fn(() => checks.validate({ n: 0 }));
    const sent = event();
    checks.send(submit)(sent);
    expect(sent.preventDefault).toHaveBeenCalled();
    expect(submit).not.toHaveBeenCalled();
    await checks.load();
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveReturnedWith({ n: 'Too small' });
    checks.send(submit)(event());
    expect(submit).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed download again, and submits nothing meanwhile', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(() => ({}));
    const checks = lazyResolver<object>(load);
    const submit = vi.fn();
    checks.send(submit)(event());
    await expect(checks.load()).rejects.toThrow('offline');
    expect(submit).not.toHaveBeenCalled();
    await checks.load();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
