// FormatJS's CLDR plural rule for this language, registered for pluralRulesFor() (plurals.ts).
import '@formatjs/intl-pluralrules/locale-data/en.js';
