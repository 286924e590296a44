// /supplier-registration: the supplier wizard (spec §2, §4, §5): Account, Farm Details, Review, back
// allowed, submit at step 3. Success goes to /login with a message and does not sign in (decision 021).
import {
  Alert,
  Anchor,
  Button,
  Center,
  Container,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { maskAccountNumber } from '../../../../shared/bank-account.ts';
import {
  certificationLabels,
  certificationTypes,
  supplierMessages as m,
  supplierAccountStep,
  supplierFarmStep,
} from '../../../../shared/suppliers.ts';
import { paths } from '../../../app/paths.ts';
import { Logo } from '../../../components/logo.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRegisterSupplier } from '../api/register-supplier.ts';

const steps = ['Account', 'Farm Details', 'Review'] as const;

type Values = {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  businessName: string;
  contactPerson: string;
  contactNumber: string;
  farmLocation: string;
  certificationType: string;
  produceTypes: string;
  bankName: string;
  accountNumber: string;
  branchCode: string;
  accountHolderName: string;
};

const initialValues: Values = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  businessName: '',
  contactPerson: '',
  contactNumber: '',
  farmLocation: '',
  certificationType: '',
  produceTypes: '',
  bankName: '',
  accountNumber: '',
  branchCode: '',
  accountHolderName: '',
};

/** The server's failure message, else the spec's (§8). */
const failureOf = (error: unknown) => (error instanceof ApiError && error.serverMessage) || m.createFailed;

export function SupplierRegistrationPage() {
  const navigate = useNavigate();
  const register = useRegisterSupplier();
  const [step, setStep] = useState(0);
  const [stepError, setStepError] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues });

  /** Checks one step with its shared schema: the first message above the form, the fields marked. */
  function check(schema: z.ZodType): boolean {
    const result = schema.safeParse(form.values);
    if (result.success) {
      form.clearErrors();
      setStepError(null);
      return true;
    }
    const first = result.error.issues[0].message;
    const errors: Record<string, string | boolean> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]);
      if (!(field in errors)) errors[field] = issue.message === first ? true : issue.message;
    }
    form.setErrors(errors);
    setStepError(first);
    return false;
  }

  const next = () => {
    if (step === 0 && !check(supplierAccountStep)) return;
    if (step === 1 && !check(supplierFarmStep)) return;
    setStep((s) => Math.min(s + 1, steps.length - 1));
  };
  const back = () => {
    setStepError(null);
    form.clearErrors();
    setStep((s) => Math.max(s - 1, 0));
  };

  const submit = () => {
    const v = form.values;
    register.mutate(
      {
        name: v.name,
        email: v.email,
        password: v.password,
        role: 'supplier',
        businessName: v.businessName,
        contactPerson: v.contactPerson,
        contactNumber: v.contactNumber,
        farmLocation: v.farmLocation,
        certificationType: v.certificationType as (typeof certificationTypes)[number],
        produceTypes: v.produceTypes,
        bankName: v.bankName,
        accountNumber: v.accountNumber,
        branchCode: v.branchCode,
        accountHolderName: v.accountHolderName,
      },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message, 'Registration received');
          navigate(paths.login.href());
        },
        onError: (error) => notifyError(failureOf(error)),
      },
    );
  };

  const field = (name: keyof Values) => form.getInputProps(name);

  return (
    <Container size={560} py={{ base: 'md', sm: 48 }} px="sm">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Anchor component={Link} to={paths.login.href()} size="sm" className="thumb-link">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            Back to sign in
          </Group>
        </Anchor>
        <Anchor
          component={Link}
          to={paths.home.href()}
          underline="never"
          c="inherit"
          aria-label="Cratekeeper home"
          className="thumb-link"
        >
          <Logo size="md" />
        </Anchor>
      </Group>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Title order={1} size="h2" mb={4}>
          Supplier Registration
        </Title>
        <Text c="dimmed" size="sm" mb="md">
          Step {step + 1} of {steps.length}: {steps[step]}
        </Text>
        <Progress
          value={((step + 1) / steps.length) * 100}
          mb="lg"
          aria-label={`Step ${step + 1} of ${steps.length}`}
        />
        <form
          noValidate
          aria-label={`Supplier registration: ${steps[step]}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (step < steps.length - 1) next();
            else submit();
          }}
        >
          <Stack>
            {step === 0 && (
              <>
                <Title order={2} size="h4">
                  Account
                </Title>
                <TextInput label="Full name" autoComplete="name" withAsterisk {...field('name')} />
                <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...field('email')} />
                <PasswordInput
                  label="Password"
                  autoComplete="new-password"
                  description="At least 6 characters"
                  withAsterisk
                  {...field('password')}
                />
                <PasswordInput
                  label="Confirm password"
                  autoComplete="new-password"
                  withAsterisk
                  {...field('confirmPassword')}
                />
              </>
            )}
            {step === 1 && (
              <>
                <Title order={2} size="h4">
                  Farm Details
                </Title>
                <TextInput label="Business name" withAsterisk {...field('businessName')} />
                <TextInput label="Contact person" autoComplete="name" withAsterisk {...field('contactPerson')} />
                <TextInput
                  label="Contact number"
                  type="tel"
                  autoComplete="tel"
                  placeholder="e.g. 082 123 4567"
                  withAsterisk
                  {...field('contactNumber')}
                />
                <TextInput label="Farm location" withAsterisk {...field('farmLocation')} />
                <NativeSelect
                  label="Certification type"
                  withAsterisk
                  data={[
                    { value: '', label: 'Choose a certification' },
                    ...certificationTypes.map((c) => ({ value: c, label: certificationLabels[c] })),
                  ]}
                  {...field('certificationType')}
                />
                <TextInput
                  label="Produce types"
                  description="Optional, e.g. peppers, tomatoes"
                  {...field('produceTypes')}
                />
                <Title order={3} size="h5" mt="sm">
                  Banking details (optional)
                </Title>
                <SimpleGrid cols={{ base: 1, xs: 2 }}>
                  <TextInput label="Bank name" {...field('bankName')} />
                  <TextInput label="Account number" inputMode="numeric" {...field('accountNumber')} />
                  <TextInput label="Branch code" inputMode="numeric" {...field('branchCode')} />
                  <TextInput label="Account holder name" {...field('accountHolderName')} />
                </SimpleGrid>
              </>
            )}
            {step === 2 && <Review values={form.values} />}
            {stepError && (
              <Alert color="red" variant="light" role="alert" p="sm">
                {stepError}
              </Alert>
            )}
            {register.isError && step === 2 && (
              <Alert color="red" variant="light" role="alert" p="sm" data-testid="form-error">
                {failureOf(register.error)}
              </Alert>
            )}
            <Group justify="space-between">
              {step > 0 ? (
                <Button variant="default" onClick={back}>
                  Back
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" loading={register.isPending}>
                {step < steps.length - 1 ? 'Next' : 'Create Supplier Account'}
              </Button>
            </Group>
          </Stack>
        </form>
        <Center mt="md">
          <Text size="sm">
            Already registered?{' '}
            <Anchor component={Link} to={paths.login.href()} underline="always">
              Sign in
            </Anchor>
          </Text>
        </Center>
      </Paper>
    </Container>
  );
}

function Review({ values: v }: { values: Values }) {
  const certification = certificationLabels[v.certificationType as (typeof certificationTypes)[number]] ?? '';
  const rows: [string, string][] = [
    ['Name', v.name],
    ['Email', v.email],
    ['Business name', v.businessName],
    ['Contact person', v.contactPerson],
    ['Contact number', v.contactNumber],
    ['Farm location', v.farmLocation],
    ['Certification', certification],
    ['Produce types', v.produceTypes || '—'],
    ['Bank name', v.bankName || '—'],
    ['Account number', maskAccountNumber(v.accountNumber) || '—'],
    ['Branch code', v.branchCode || '—'],
    ['Account holder', v.accountHolderName || '—'],
  ];
  return (
    <>
      <Title order={2} size="h4">
        Review
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }} data-testid={`review-${label}`}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </>
  );
}
