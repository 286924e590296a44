// /supplier-registration: the supplier wizard (spec §2, §4, §5): Account, Farm Details, Review, back
// allowed, submit at step 3. Success goes to /login with a message and does not sign in (decision 021).
// The steps and the form's state live in ../components/supplier-registration/.
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { HomeLogoLink } from '../../../components/logo.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';
import { AccountStep } from '../components/supplier-registration/account-step.tsx';
import { FarmDetailsStep } from '../components/supplier-registration/farm-details-step.tsx';
import { ReviewStep } from '../components/supplier-registration/review-step.tsx';
import {
  registrationFailure,
  registrationSteps as steps,
  useSupplierRegistrationForm,
} from '../components/supplier-registration/use-supplier-registration-form.ts';

function RegistrationHeader() {
  const t = useT();
  return (
    <Group justify="space-between" mb="md" wrap="nowrap">
      <Anchor component={Link} to={paths.login.href()} size="sm" className="thumb-link">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          {t('suppliers.backToSignIn')}
        </Group>
      </Anchor>
      <HomeLogoLink />
    </Group>
  );
}

/**
 * All three steps by name, the current one marked: an ordered list rather than buttons, as
 * a step opens only through Next and Back (each step is checked before the next).
 */
function StepList({ step }: { step: number }) {
  const t = useT();
  return (
    <Box
      component="ol"
      aria-label={t('suppliers.registrationSteps')}
      p={0}
      m={0}
      mb="lg"
      style={{ listStyle: 'none', display: 'flex', gap: 'var(--mantine-spacing-xs)' }}
    >
      {steps.map((name, i) => {
        const state = i < step ? 'done' : i === step ? 'current' : 'next';
        return (
          <Box
            component="li"
            key={name}
            aria-current={state === 'current' ? 'step' : undefined}
            data-state={state}
            style={{
              flex: 1,
              minWidth: 0,
              paddingTop: 6,
              borderTop: `4px solid var(--mantine-color-${state === 'next' ? 'gray-3' : 'green-8'})`,
            }}
          >
            <Group gap={6} wrap="nowrap">
              <ThemeIcon
                size={22}
                radius="xl"
                color={state === 'next' ? 'gray.7' : 'green.8'}
                // The steps to come outlined: in the light variant their numbers were dark grey on dark grey
                // (seen at both widths, decision 047).
                variant={state === 'current' ? 'filled' : state === 'done' ? 'light' : 'outline'}
                aria-hidden
              >
                {state === 'done' ? (
                  <IconCheck size={14} />
                ) : (
                  <Text size="xs" fw={700}>
                    {i + 1}
                  </Text>
                )}
              </ThemeIcon>
              <Text size="sm" fw={state === 'current' ? 700 : 400} c={state === 'next' ? 'dimmed' : undefined} lh={1.2}>
                {t(name)}
                {state === 'done' && <VisuallyHidden> {t('suppliers.stepDone')}</VisuallyHidden>}
              </Text>
            </Group>
          </Box>
        );
      })}
    </Box>
  );
}

function StepProgress({ step }: { step: number }) {
  const t = useT();
  return (
    <>
      <Title order={1} size="h2" mb={4}>
        {t('suppliers.supplierRegistration')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {t('suppliers.stepOf', { step: step + 1, total: steps.length, name: t(steps[step]) })}
      </Text>
      <StepList step={step} />
    </>
  );
}

type Wizard = ReturnType<typeof useSupplierRegistrationForm>;

function RegistrationForm({ wizard }: { wizard: Wizard }) {
  const { form, step, stepName, isLastStep, stepError, back, onSubmit, register } = wizard;
  const t = useT();
  return (
    <form
      noValidate
      aria-label={t('suppliers.registrationForm', { name: t(stepName) })}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack>
        {step === 0 && <AccountStep form={form} />}
        {step === 1 && <FarmDetailsStep form={form} />}
        {step === 2 && <ReviewStep values={form.values} />}
        {stepError && (
          <Alert color="red" variant="light" role="alert" p="sm">
            {stepError}
          </Alert>
        )}
        {register.isError && isLastStep && (
          <Alert color="red" variant="light" role="alert" p="sm" data-testid="form-error">
            {registrationFailure(register.error)}
          </Alert>
        )}
        <Group justify="space-between">
          {step > 0 ? (
            <Button variant="default" onClick={back}>
              {t('suppliers.back')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={register.isPending}>
            {t(isLastStep ? 'suppliers.createAccount' : 'suppliers.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SupplierRegistrationPage() {
  const wizard = useSupplierRegistrationForm();
  const t = useT();
  return (
    <Container component="main" size={560} py={{ base: 'md', sm: 48 }} px="sm">
      <RegistrationHeader />
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <StepProgress step={wizard.step} />
        <RegistrationForm wizard={wizard} />
        <Center mt="md">
          <Text size="sm">
            {t('suppliers.alreadyRegistered')}{' '}
            <Anchor component={Link} to={paths.login.href()} underline="always">
              {t('suppliers.signIn')}
            </Anchor>
          </Text>
        </Center>
      </Paper>
    </Container>
  );
}
