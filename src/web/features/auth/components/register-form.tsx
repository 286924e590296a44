// Register: role selection with each role's extra fields (spec §2, §5). Success stores the user and
// goes to / after 100 ms (use-register-form.ts). A supplier may sign up here (the spec's fields) or in
// the supplier wizard, offered below with the name and e-mail; both follow one server rule (decision 041).
import { Alert, Button, NativeSelect, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { marketLocations, type Role, roleLabels } from '../../../../shared/auth-labels.ts';
import { paths } from '../../../app/paths.ts';
import { AccountFields } from '../../../components/account-fields.tsx';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { type RegisterFormState, useRegisterForm } from './use-register-form.ts';

export { REDIRECT_AFTER_REGISTRATION_MS } from './use-register-form.ts';

const roleHints: Record<Role, string> = {
  market_agent: 'You receive crates at the market, lend them to clients and return empties.',
  supplier: 'You supply produce, answer tenders and request crates. The farm approves new suppliers.',
  farm_store: 'Farm staff. You need the farm access code from the farm manager.',
};

/** The fields only the chosen role gives. */
function RoleFields({ form }: { form: RegisterFormState }) {
  const field = form.getInputProps;
  switch (form.values.role) {
    case 'market_agent':
      return (
        <>
          <NativeSelect
            label="Market location"
            required
            data={[{ value: '', label: 'Choose your market' }, ...marketLocations]}
            {...field('marketLocation')}
          />
          <TextInput label="Business name" required {...field('businessName')} />
          <PhoneInput required {...field('contactNumber')} />
        </>
      );
    case 'supplier':
      return (
        <>
          <TextInput label="Business name" required {...field('businessName')} />
          <TextInput label="Farm location" required {...field('farmLocation')} />
          <PhoneInput required {...field('contactNumber')} />
          <TextInput
            label="Produce types"
            placeholder="e.g. Sweet Bell Peppers, Eggfruit"
            required
            {...field('produceTypes')}
          />
        </>
      );
    default:
      return (
        <PasswordInput
          label="Farm access code"
          description="Ask the farm manager for the code"
          required
          {...field('farmAccessCode')}
        />
      );
  }
}

/** What the wizard starts with when the person came from Register (location state). */
export type SupplierPathState = { name?: string; email?: string };

/**
 * The supplier wizard, offered beside Register's supplier fields: both go through one server rule
 * (decision 041); the wizard also takes the certification and bank details the farm pays into.
 */
function SupplierPath({ name, email }: SupplierPathState) {
  return (
    <Alert color="green" variant="light" p="sm">
      <Stack gap="xs">
        <Text size="sm">
          Suppliers can also register in three steps (Account, Farm Details, Review) with their certification and bank
          details. The farm store approves new suppliers either way.
        </Text>
        <Button
          component={Link}
          to={paths.supplierRegistration.href()}
          state={{ name, email } satisfies SupplierPathState}
          variant="light"
          rightSection={<IconArrowRight size={18} aria-hidden />}
          fullWidth
        >
          Continue to supplier registration
        </Button>
      </Stack>
    </Alert>
  );
}

/** `initialRole`: the role chosen on arrival (the supplier path opens with Supplier chosen). */
export function RegisterForm({ initialRole = 'market_agent' }: { initialRole?: Role }) {
  const { form, submit, isPending } = useRegisterForm(initialRole);
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
        <AccountFields form={form} required />
        <RoleFields form={form} />
        <Button type="submit" loading={isPending} fullWidth>
          Register
        </Button>
        {form.values.role === 'supplier' && <SupplierPath name={form.values.name} email={form.values.email} />}
        <Text size="xs" c="dimmed" ta="center">
          Your password is stored only as a secure hash.
        </Text>
      </Stack>
    </form>
  );
}
