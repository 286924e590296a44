// Register: role selection with each role's extra fields (spec §2, §5). Success stores the user and
// goes to / after 100 ms (use-register-form.ts). A supplier may sign up here (the spec's fields) or in
// the supplier wizard, offered below with the name and e-mail; both follow one server rule (decision 041).
import { Alert, Button, NativeSelect, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { marketLocations, type Role, roleKeys } from '../../../../shared/auth-labels.ts';
import { paths } from '../../../app/paths.ts';
import { AccountFields } from '../../../components/account-fields.tsx';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';
import { type RegisterFormState, useRegisterForm } from './use-register-form.ts';

export { REDIRECT_AFTER_REGISTRATION_MS } from './use-register-form.ts';

const roleHintKeys: Record<Role, string> = {
  market_agent: 'auth.hintMarketAgent',
  supplier: 'auth.hintSupplier',
  farm_store: 'auth.hintFarmStore',
};

/** The fields only the chosen role gives. */
function RoleFields({ form }: { form: RegisterFormState }) {
  const t = useT();
  const field = form.getInputProps;
  switch (form.values.role) {
    case 'market_agent':
      return (
        <>
          <NativeSelect
            label={t('auth.marketLocation')}
            required
            data={[
              { value: '', label: t('auth.chooseMarket') },
              // The markets' names are names; the last choice, Other, is a word.
              ...marketLocations.map((value, index) => ({
                value,
                label: index === marketLocations.length - 1 ? t('auth.marketOther') : value,
              })),
            ]}
            {...field('marketLocation')}
          />
          <TextInput label={t('auth.businessName')} required {...field('businessName')} />
          <PhoneInput required {...field('contactNumber')} />
        </>
      );
    case 'supplier':
      return (
        <>
          <TextInput label={t('auth.businessName')} required {...field('businessName')} />
          <TextInput label={t('auth.farmLocation')} required {...field('farmLocation')} />
          <PhoneInput required {...field('contactNumber')} />
          <TextInput
            label={t('auth.produceTypes')}
            placeholder={t('auth.produceTypesExample')}
            required
            {...field('produceTypes')}
          />
        </>
      );
    default:
      return (
        <PasswordInput
          label={t('auth.farmAccessCode')}
          description={t('auth.askFarmManager')}
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
  const t = useT();
  return (
    <Alert color="green" variant="light" p="sm">
      <Stack gap="xs">
        <Text size="sm">{t('auth.supplierPath')}</Text>
        <Button
          component={Link}
          to={paths.supplierRegistration.href()}
          state={{ name, email } satisfies SupplierPathState}
          variant="light"
          rightSection={<IconArrowRight size={18} aria-hidden />}
          fullWidth
        >
          {t('auth.supplierPathButton')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** `initialRole`: the role chosen on arrival (the supplier path opens with Supplier chosen). */
export function RegisterForm({ initialRole = 'market_agent' }: { initialRole?: Role }) {
  const t = useT();
  const { form, submit, isPending } = useRegisterForm(initialRole);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Radio.Group label={t('auth.registeringAs')} required {...form.getInputProps('role')}>
          <Stack gap="xs" mt="xs">
            {(['market_agent', 'supplier', 'farm_store'] as const).map((value) => (
              <Radio key={value} value={value} label={t(roleKeys[value])} description={t(roleHintKeys[value])} />
            ))}
          </Stack>
        </Radio.Group>
        <AccountFields form={form} required />
        <RoleFields form={form} />
        <Button type="submit" loading={isPending} fullWidth>
          {t('auth.register')}
        </Button>
        {form.values.role === 'supplier' && <SupplierPath name={form.values.name} email={form.values.email} />}
        <Text size="xs" c="dimmed" ta="center">
          {t('auth.passwordHashed')}
        </Text>
      </Stack>
    </form>
  );
}
