// Register: role selection with each role's extra fields (spec §2, §5). Success stores the user and
// goes to / after 100 ms.
import { Button, NativeSelect, PasswordInput, Radio, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  marketLocations,
  messages,
  type RegisterInput,
  type Role,
  registerBody,
  roleLabels,
} from '../../../../shared/auth.ts';
import { paths } from '../../../app/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { sessionQueryOptions, useRegister } from '../api.ts';

export const REDIRECT_AFTER_REGISTRATION_MS = 100;

const roleHints: Record<Role, string> = {
  market_agent: 'You receive crates at the market, lend them to clients and return empties.',
  supplier: 'You supply produce, answer tenders and request crates. The farm approves new suppliers.',
  farm_store: 'Farm staff. You need the farm access code from the farm manager.',
};

type FormValues = {
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

/** `initialRole`: the role chosen on arrival (the supplier path opens with Supplier chosen). */
export function RegisterForm({ initialRole = 'market_agent' }: { initialRole?: Role }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const register = useRegister();
  const form = useForm<FormValues>({
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
    validate: schemaResolver(registerBody, { sync: true }),
  });
  const role = form.values.role;

  const submit = form.onSubmit((values) => {
    // Send only the fields of the chosen role.
    const body: RegisterInput = { name: values.name, email: values.email, password: values.password, role };
    if (role === 'market_agent') {
      Object.assign(body, {
        marketLocation: values.marketLocation,
        businessName: values.businessName,
        contactNumber: values.contactNumber,
      });
    } else if (role === 'supplier') {
      Object.assign(body, {
        businessName: values.businessName,
        farmLocation: values.farmLocation,
        contactNumber: values.contactNumber,
        produceTypes: values.produceTypes,
      });
    } else {
      body.farmAccessCode = values.farmAccessCode;
    }
    register.mutate(body, {
      onSuccess: ({ user }) => {
        queryClient.setQueryData(sessionQueryOptions().queryKey, user);
        setTimeout(() => navigate(paths.home.href()), REDIRECT_AFTER_REGISTRATION_MS);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 403 && role === 'farm_store') {
          form.setFieldError('farmAccessCode', messages.invalidFarmAccessCode);
          notifyError(messages.invalidFarmAccessCode, messages.accessDeniedTitle);
          return;
        }
        if (error instanceof ApiError) form.setErrors(error.fieldErrors);
        notifyError(
          error instanceof ApiError ? (error.serverMessage ?? 'Registration failed') : 'Registration failed',
          'Registration failed',
        );
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Radio.Group label="I am registering as" required {...form.getInputProps('role')}>
          <Stack gap="xs" mt="xs">
            {(['market_agent', 'supplier', 'farm_store'] as const).map((value) => (
              <Radio key={value} value={value} label={roleLabels[value]} description={roleHints[value]} />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput label="Full name" autoComplete="name" required {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          description="At least 6 characters"
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />

        {role === 'market_agent' && (
          <>
            <NativeSelect
              label="Market location"
              required
              data={[{ value: '', label: 'Choose your market' }, ...marketLocations]}
              {...form.getInputProps('marketLocation')}
            />
            <TextInput label="Business name" required {...form.getInputProps('businessName')} />
            <ContactNumberInput {...form.getInputProps('contactNumber')} />
          </>
        )}
        {role === 'supplier' && (
          <>
            <TextInput label="Business name" required {...form.getInputProps('businessName')} />
            <TextInput label="Farm location" required {...form.getInputProps('farmLocation')} />
            <ContactNumberInput {...form.getInputProps('contactNumber')} />
            <TextInput
              label="Produce types"
              placeholder="e.g. Sweet Bell Peppers, Eggfruit"
              required
              {...form.getInputProps('produceTypes')}
            />
          </>
        )}
        {role === 'farm_store' && (
          <PasswordInput
            label="Farm access code"
            description="Ask the farm manager for the code"
            required
            {...form.getInputProps('farmAccessCode')}
          />
        )}
        <Button type="submit" loading={register.isPending} fullWidth>
          Register
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          Your password is stored only as a secure hash.
        </Text>
      </Stack>
    </form>
  );
}

/** The contact number both agents and suppliers give; the shared schema checks it is a phone number. */
function ContactNumberInput(props: TextInputProps) {
  return (
    <TextInput
      label="Contact number"
      type="tel"
      autoComplete="tel"
      placeholder="e.g. 082 123 4567"
      required
      {...props}
    />
  );
}
