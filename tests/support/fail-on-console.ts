// A console.error or console.warn during a test fails it: swallowed errors can't hide (STYLE.md).
import { afterEach, vi } from 'vitest';

const calls: string[] = [];
for (const level of ['error', 'warn'] as const) {
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    calls.push(`console.${level}: ${args.map(String).join(' ')}`);
  });
}
afterEach(() => {
  if (calls.length > 0) {
    const found = calls.splice(0);
    throw new Error(`Unexpected console output during the test:\n${found.join('\n')}`);
  }
});
