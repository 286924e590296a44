// An English sentence from a shared schema or the server, in the current language (decision 065).
// The shared zod schemas say their messages in English (the server's words too); forms show them
// through `translateEnglish`, which finds the message in the English catalogue and says it again.
import english from '../../../shared/i18n/en/index.ts';
import { englishRecogniser } from '../../../shared/i18n/english-text.ts';
import { flatten } from '../../../shared/i18n/translator.ts';
import { currentLanguage, isPseudo, t } from './language.ts';

let recognise: ReturnType<typeof englishRecogniser> | null = null;

/** `text` in the current language when it is one of the catalogue's English messages; as it is otherwise. */
export function translateEnglish(text: string): string {
  if (currentLanguage() === 'en' && !isPseudo) return text;
  recognise ??= englishRecogniser(flatten(english));
  const found = recognise(text);
  return found ? t(found.key, found.values) : text;
}
