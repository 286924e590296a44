// The register form's state and submit (spec §2, §5): the shared schema checks it, only the chosen
// role's fields are sent, success stores the user and goes to / after 100 ms.
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { type RegisterInput, type Role, registerBody } from '../../../../shared/auth.ts';
import { paths } from '../../../app/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { translatedResolver } from '../../../lib/i18n/form.ts';
import { t } from '../../../lib/i18n/language.ts';
import { notifyError } from '../../../lib/notify.ts';
import { sessionQueryOptions, useRegister } from '../api.ts';

export const REDIRECT_AFTER_REGISTRATION_MS = 100;

export type RegisterFormValues = {
  name: string;
  email: string;
  password: string;
  role: Role;
  marketLocation: string;
  businessName: string;
  contactNumber: string;
  farmAccessCode: string;
  farmLocation: string;
  produceTypes: string;
};

/** The request body: the account's fields and only those of the chosen role. */
function registrationBody(values: RegisterFormValues): RegisterInput {
  const { name, email, password, role } = values;
  const body: RegisterInput = { name, email, password, role };
  if (role === 'market_agent') {
    const { marketLocation, businessName, contactNumber } = values;
    return { ...body, marketLocation: marketLocation as RegisterInput['marketLocation'], businessName, contactNumber };
  }
  if (role === 'supplier') {
    const { businessName, farmLocation, contactNumber, produceTypes } = values;
    return { ...body, businessName, farmLocation, contactNumber, produceTypes };
  }
  return { ...body, farmAccessCode: values.farmAccessCode };
}

export function useRegisterForm(initialRole: Role) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const register = useRegister();
  const form = useForm<RegisterFormValues>({
    initialValues: {
      name: '',
      email: '',
      password: '',
      role: initialRole,
      marketLocation: '',
      businessName: '',
      contactNumber: '',
      farmAccessCode: '',
      farmLocation: '',
      produceTypes: '',
    },
    validate: translatedResolver(registerBody, { sync: true }),
  });

  const onError = (error: Error, role: Role) => {
    if (error instanceof ApiError && error.status === 403 && role === 'farm_store') {
      form.setFieldError('farmAccessCode', t('auth.invalidFarmAccessCode'));
      notifyError(t('auth.invalidFarmAccessCode'), t('auth.accessDeniedTitle'));
      return;
    }
    if (error instanceof ApiError) form.setErrors(error.fieldErrors);
    notifyError(
      error instanceof ApiError ? (error.serverMessage ?? t('auth.registrationFailed')) : t('auth.registrationFailed'),
      t('auth.registrationFailed'),
    );
  };

  const submit = form.onSubmit((values) =>
    register.mutate(registrationBody(values), {
      onSuccess: ({ user }) => {
        queryClient.setQueryData(sessionQueryOptions().queryKey, user);
        setTimeout(() => navigate(paths.home.href()), REDIRECT_AFTER_REGISTRATION_MS);
      },
      onError: (error) => onError(error, values.role),
    }),
  );

  return { form, submit, isPending: register.isPending };
}

export type RegisterFormState = ReturnType<typeof useRegisterForm>['form'];
