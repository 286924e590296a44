// The agent's actions go out through here (decision 036): sent at once with a key made on the phone,
// or queued on the phone when they can't be. The queue's code loads on first use (or after the first
// screen has drawn), so the screens that offer these actions don't carry it on their first paint.

import offlineEnglish from '../../../shared/i18n/en/offline.json' with { type: 'json' };
import { addEnglish, english } from '../../../shared/i18n/english.ts';
import { t } from '../i18n/language.ts';
import { notifySuccess } from '../notify.ts';
import type { ChangeLabel, ChangeRequest } from './changes.ts';
import type { Sent } from './runtime.ts';

addEnglish({ offline: offlineEnglish });

export type { Sent };

export async function sendOrQueue<T>(
  label: ChangeLabel,
  request: ChangeRequest,
  options?: { clientFrom?: string; after?: string },
): Promise<Sent<T>> {
  const runtime = await import('./runtime.ts');
  return runtime.sendOrQueue<T>(label, request, options);
}

/** The toast for a change kept on the phone, in English (screens say t('offline.queued'), or notifyQueued()). */
export const QUEUED_MESSAGE = english('offline.queued');

/** The toast for a change kept on the phone, in the reader's language. */
export const notifyQueued = () => notifySuccess(t('offline.queued'), t('offline.waitingToSend'));
