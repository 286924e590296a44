// Signed in, every English message at once (decision 065): the signed-in screens' `t` falls back to
// English key by key, and this chunk is on the dashboards' first paint anyway. Signed out, the page
// carries only the namespaces its own modules register (src/web/lib/i18n/language.ts).
import en from '../../shared/i18n/en/index.ts';
import { addEnglish } from '../../shared/i18n/english.ts';

addEnglish(en);
