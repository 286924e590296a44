// Resolving a disputed statement (decision 064): the way the farm store chose (accept the agent's
// figure or answer it), its note, and sending it. The card holds this state, so a note typed and
// left stays there when the dialog opens again.
import { useState } from 'react';
import type { BalanceStatement } from '../../../../shared/balance-statements.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useResolveStatement } from '../api/statements.ts';

/** The two ways to resolve a dispute: book the agent's figure, or answer and keep the statement. */
export type ResolveAction = 'accept' | 'answer';

export function useDisputeResolution(s: BalanceStatement) {
  const t = useT();
  const resolve = useResolveStatement();
  const [action, setAction] = useState<ResolveAction | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const send = () => {
    if (action === 'answer' && !note.trim()) {
      setNoteError(t('balance-statements.answerRequired'));
      return;
    }
    resolve.mutate(
      { id: s.id, body: { action: action!, note: note.trim() || null } },
      {
        onSuccess: () => {
          notifySuccess(action === 'accept' ? t('balance-statements.accepted') : t('balance-statements.answered'));
          setAction(null);
        },
      },
    );
  };
  const close = () => {
    setAction(null);
    resolve.reset();
  };
  const changeNote = (value: string) => {
    setNote(value);
    setNoteError(null);
  };
  return { action, start: setAction, close, note, changeNote, noteError, send, resolve };
}

/** What the resolve dialog reads and calls. */
export type DisputeResolution = ReturnType<typeof useDisputeResolution>;
