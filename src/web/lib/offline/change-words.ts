// A waiting change in the reader's language (decision 065). A change keeps English words (`what`,
// and "the farm store" for empties) in IndexedDB from when it was made; the screens say it again
// from its kind, so a change made before a language switch reads in the new language.
import { t } from '../i18n/language.ts';
import type { ChangeKind, QueuedChange } from './changes.ts';

const actionKeys: Record<ChangeKind, string> = {
  acknowledge: 'offline.whatAcknowledge',
  lend: 'offline.whatLend',
  return: 'offline.whatReturn',
  'send-empties': 'offline.whatSendEmpties',
  'add-client': 'offline.whatAddClient',
  'edit-client': 'offline.whatEditClient',
  'attach-photo': 'offline.whatAttachPhoto',
};

/** "Lend crates", "Acknowledge delivery", …: the action. */
export const changeAction = (change: Pick<QueuedChange, 'kind'>) => t(actionKeys[change.kind]);

/** The action with its crates: "Lend crates: 5 crates". */
export const changeWhat = (change: Pick<QueuedChange, 'kind' | 'crates'>) =>
  change.crates === null
    ? changeAction(change)
    : t('offline.whatWithCrates', { what: changeAction(change), count: change.crates });

/** Whom it is for: the client or sender by name; the farm store and "a client" in the reader's words. */
export function changeWho(change: Pick<QueuedChange, 'kind' | 'who'>) {
  if (change.kind === 'send-empties') return t('offline.theFarmStore');
  if (change.kind === 'return' && change.who === 'a client') return t('offline.aClient');
  return change.who;
}
