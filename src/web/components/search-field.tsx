// The search box above a list: a magnifier, the words typed kept as typed (the list filters on them).
import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

type SearchFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'leftSection'> & {
  value: string;
  onChange: (value: string) => void;
};

export function SearchField({ value, onChange, size, ...props }: SearchFieldProps) {
  return (
    <TextInput
      leftSection={<IconSearch size={size === 'md' ? 18 : 16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      size={size}
      {...props}
    />
  );
}
