// `useT()`: a component's `t`, re-rendering it when the language changes (decision 065).
import { useSyncExternalStore } from 'react';
import { currentTranslator, subscribeLanguage } from './language.ts';

/** The current translator's `t`; its identity changes with the language, so memos keyed on it redo. */
export function useT() {
  return useSyncExternalStore(subscribeLanguage, currentTranslator, currentTranslator).t;
}

/** The current language, for components that format or pick by it. */
export function useLanguageCode() {
  return useSyncExternalStore(subscribeLanguage, currentTranslator, currentTranslator).language;
}
