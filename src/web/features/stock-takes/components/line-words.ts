// A stock-take line in words (decision 051): its holder ("Full crates", "Empty crates" or the client's
// business name, which is the agent's own data) and its difference, in the reader's language.
import type { StockTakeLine } from '../../../../shared/stock-takes.ts';

type T = (key: string, values?: Record<string, string | number>) => string;

/** The holder: the farm's words for the agent's own crates, the client's name as the agent wrote it. */
export function lineLabel(t: T, line: Pick<StockTakeLine, 'holderKind' | 'label'>) {
  if (line.holderKind === 'full') return t('stock-takes.fullCrates');
  if (line.holderKind === 'empty') return t('stock-takes.emptyCrates');
  return line.label;
}

/** "3 missing" or "2 found". */
export const differenceText = (t: T, difference: number) =>
  difference < 0 ? t('stock-takes.missing', { count: -difference }) : t('stock-takes.found', { count: difference });

/** "Full crates: counted 28 of 30 (2 missing)". */
export const countedLine = (t: T, line: StockTakeLine) =>
  t('stock-takes.countedLine', {
    label: lineLabel(t, line),
    counted: line.counted,
    expected: line.expected,
    difference: differenceText(t, line.difference),
  });
