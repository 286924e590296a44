// A form's checks loaded when the form is first used (decision 033). The form still checks with
// the shared zod schema, the one rule the server applies too; only the schema's module (and zod)
// load when a field first takes focus, or at the latest when the form is sent, instead of with the
// dashboard the form sits on.
import type { FormErrors } from '@mantine/form';

export type LazyResolver<Values> = {
  /** The form's `validate`: the schema's errors once it is in; none before (send() waits for it). */
  validate: (values: Values) => FormErrors;
  /** Loads the checks (idempotent; a failed download is tried again next time). */
  load: () => Promise<void>;
  /** The form's onSubmit: loads the checks if need be, then runs `submit` (the form's own onSubmit). */
  send: (submit: () => void) => (event: { preventDefault: () => void }) => void;
};

/** `load`: the dynamic import of the schema, turned into a resolver (schemaResolver(…, { sync: true })). */
export function lazyResolver<Values>(load: () => Promise<(values: Values) => FormErrors>): LazyResolver<Values> {
  let resolver: ((values: Values) => FormErrors) | undefined;
  let loading: Promise<void> | undefined;
  const ensure = () => {
    loading ??= load().then(
      (loaded) => {
        resolver = loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    validate: (values) => (resolver ? resolver(values) : {}),
    load: ensure,
    send: (submit) => (event) => {
      event.preventDefault();
      if (resolver) submit();
      else void ensure().then(submit, () => undefined);
    },
  };
}
