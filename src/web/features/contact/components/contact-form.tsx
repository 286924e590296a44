// The public contact form (spec §2, §5): name, email, subject and message, checked with the same
// schema the server uses. Loaded lazily with the contact tab, so zod stays out of the landing chunk.
import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CONTACT_LIMITS, type ContactInput, contactBody } from '../../../../shared/contact.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

/** The form, checked with the server's schema, and its sending: cleared once sent, the server's field errors shown. */
function useContactForm() {
  const t = useT();
  const send = useSendContactMessage();
  const form = useForm<ContactInput>({
    initialValues: { name: '', email: '', subject: '', message: '' },
    validate: translatedResolver(contactBody, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    send.mutate(contactBody.parse(values), {
      onSuccess: (response) => {
        notifySuccess(response?.message ?? t('contact.sent'), t('contact.messageSent'));
        form.reset();
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(error.fieldErrors);
        notifyError(errorMessage(error, t('contact.sendFailed')));
      },
    }),
  );
  return { form, send, submit };
}

export default function ContactForm() {
  const t = useT();
  const { form, send, submit } = useContactForm();

  return (
    <form onSubmit={submit} noValidate aria-label={t('contact.formLabel')}>
      <Stack gap="sm">
        <TextInput
          label={t('contact.name')}
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.name}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('contact.email')}
          type="email"
          autoComplete="email"
          required
          maxLength={CONTACT_LIMITS.email}
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('contact.subject')}
          required
          maxLength={CONTACT_LIMITS.subject}
          {...form.getInputProps('subject')}
        />
        <Textarea
          label={t('contact.message')}
          required
          autosize
          minRows={5}
          maxRows={12}
          maxLength={CONTACT_LIMITS.message}
          {...form.getInputProps('message')}
        />
        <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('contact.sendMessage')}
        </Button>
      </Stack>
    </form>
  );
}
