// The public contact form (spec §2, §5): name, email, subject and message, checked with the same
// schema the server uses. Loaded lazily with the contact tab, so zod stays out of the landing chunk.
import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CONTACT_LIMITS, type ContactInput, contactBody, contactMessages } from '../../../../shared/contact.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

export default function ContactForm() {
  const send = useSendContactMessage();
  const form = useForm<ContactInput>({
    initialValues: { name: '', email: '', subject: '', message: '' },
    validate: schemaResolver(contactBody, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    send.mutate(contactBody.parse(values), {
      onSuccess: (response) => {
        notifySuccess(response?.message ?? contactMessages.sent, 'Message sent');
        form.reset();
      },
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(error.fieldErrors);
        notifyError(errorMessage(error, contactMessages.sendFailed));
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Contact the farm">
      <Stack gap="sm">
        <TextInput
          label="Name"
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.name}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          maxLength={CONTACT_LIMITS.email}
          {...form.getInputProps('email')}
        />
        <TextInput label="Subject" required maxLength={CONTACT_LIMITS.subject} {...form.getInputProps('subject')} />
        <Textarea
          label="Message"
          required
          autosize
          minRows={5}
          maxRows={12}
          maxLength={CONTACT_LIMITS.message}
          {...form.getInputProps('message')}
        />
        <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
          Send Message
        </Button>
      </Stack>
    </form>
  );
}
