// Mantine's schemaResolver with the messages in the current language (decision 065): the shared
// schemas' English messages go through translateEnglish, so a form refuses in the reader's words.
import { type FormErrors, schemaResolver } from '@mantine/form';
import { translateEnglish } from './english-messages.ts';

type Resolver = (values: unknown) => FormErrors;

/** schemaResolver(schema, { sync: true }) whose messages are translated. */
export function translatedResolver(...args: Parameters<typeof schemaResolver>) {
  const resolve = schemaResolver(...args) as unknown as Resolver;
  return (values: unknown): FormErrors => {
    const errors = resolve(values);
    const translated: FormErrors = {};
    for (const [field, message] of Object.entries(errors)) {
      translated[field] = typeof message === 'string' ? translateEnglish(message) : message;
    }
    return translated;
  };
}
