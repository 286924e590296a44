// An English sentence from a shared schema or the server, in the current language (decision 065).
// The shared zod schemas say their messages in English (the server's words too); forms show them
// through `translateEnglish`, which finds the message among the English registered so far and says
// it again in the current language.
import { englishMessages } from '../../../shared/i18n/english.ts';
import { englishRecogniser } from '../../../shared/i18n/english-text.ts';
import { currentLanguage, isPseudo, t } from './language.ts';

let recognise: ReturnType<typeof englishRecogniser> | null = null;
let known = 0;

/** `text` in the current language when it is one of the catalogue's English messages; as it is otherwise. */
export function translateEnglish(text: string): string {
  if (currentLanguage() === 'en' && !isPseudo) return text;
  // Namespaces arrive with the screens that use them: the recogniser is rebuilt when more are known.
  if (!recognise || known !== englishMessages.size) {
    recognise = englishRecogniser(englishMessages);
    known = englishMessages.size;
  }
  const found = recognise(text);
  return found ? t(found.key, found.values) : text;
}
