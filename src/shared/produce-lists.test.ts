// The offer form's choice from the farm's lists (decision 068): what it sends and how a stored value shows.
import { describe, expect, it } from 'vitest';
import { choiceFor, chosenValue, OTHER_CHOICE } from './produce-lists.ts';

describe('a choice from the produce lists', () => {
  it('sends the chosen entry, or with Other the note as typed, trimmed', () => {
    expect(chosenValue('Class 1', 'ignored')).toBe('Class 1');
    expect(chosenValue(OTHER_CHOICE, '  Extra Class ')).toBe('Extra Class');
    expect(chosenValue(OTHER_CHOICE, '   ')).toBe('');
  });

  it('shows a stored value on the list as itself, any other as Other with the value as note', () => {
    const list = ['Class 1', 'Class 2'];
    expect(choiceFor('Class 2', list)).toEqual({ choice: 'Class 2', note: '' });
    expect(choiceFor('class 2', list)).toEqual({ choice: OTHER_CHOICE, note: 'class 2' });
    expect(choiceFor('Grade A', list)).toEqual({ choice: OTHER_CHOICE, note: 'Grade A' });
    expect(choiceFor('', list)).toEqual({ choice: '', note: '' });
  });
});
