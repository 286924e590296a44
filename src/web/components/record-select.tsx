// The required pick of one record at the top of a dialog form (a client to lend to, a loan to take a
// return on): its options are long business names, so they wrap inside the list instead of widening it
// past the dialog.
import { Select, type SelectProps } from '@mantine/core';

const wrapOptions = { option: { overflowWrap: 'anywhere' } } as const;

export function RecordSelect(props: Omit<SelectProps, 'styles' | 'withAsterisk'>) {
  return <Select withAsterisk styles={wrapOptions} {...props} />;
}
