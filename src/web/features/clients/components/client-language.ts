// The words an agent sends a client (decision 065): in the client's language, not the screen's.
// The client's catalogue is loaded when a card that writes to it shows (one small request the first
// time, then kept); until it is here, the link says it in English, the catalogue's fallback.
import { useEffect, useState } from 'react';
import { english } from '../../../../shared/i18n/english.ts';
import type { Language } from '../../../../shared/i18n/languages.ts';
import type { Translator } from '../../../../shared/i18n/translator.ts';
import { translatorFor } from '../../../lib/i18n/language.ts';

/** `t` in `language`: the client's words. */
export function useClientSay(language: Language) {
  const [translator, setTranslator] = useState<Translator | null>(null);
  useEffect(() => {
    let live = true;
    translatorFor(language).then(
      (loaded) => live && setTranslator(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language]);
  return translator?.language === language ? translator.t : english;
}
