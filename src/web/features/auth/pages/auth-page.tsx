// /login and /register: one page with the Sign In and Register tabs (spec §2 /login).
import { Alert, Anchor, Center, Container, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { sessionEndKeys } from '../../../../shared/auth-labels.ts';
import { paths } from '../../../app/paths.ts';
import { Logo } from '../../../components/logo.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';
import { DeviceLanguagePicker } from '../components/language-picker.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { useSessionEndReason } from '../session-end.ts';

export function AuthPage() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const tab = location.pathname === paths.register.path ? 'register' : 'signin';
  // Why the last session ended, when it ended without a sign-out (decision 040).
  const sessionEnd = useSessionEndReason();

  return (
    <Container component="main" size={460} py={{ base: 'md', sm: 48 }} px="sm">
      <Center mb="md">
        <Anchor component={Link} to={paths.home.href()} underline="never" c="inherit" className="thumb-link">
          <Title order={1}>
            <Logo size="xl" />
          </Title>
        </Anchor>
      </Center>
      <Text c="dimmed" ta="center" mb="lg" size="sm">
        {t('auth.tagline')}
      </Text>
      {/* Before sign-in, the screens' language is this device's (decision 065). */}
      <Center mb="md">
        <DeviceLanguagePicker />
      </Center>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Tabs
          keepMounted={false}
          value={tab}
          onChange={(value) => navigate(value === 'register' ? paths.register.href() : paths.login.href())}
        >
          <Tabs.List grow mb="md">
            <Tabs.Tab value="signin">{t('auth.signIn')}</Tabs.Tab>
            <Tabs.Tab value="register">{t('auth.register')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="signin">
            {sessionEnd && (
              <Alert color="orange" variant="light" mb="md" data-testid="session-ended">
                {t(sessionEndKeys[sessionEnd])}
              </Alert>
            )}
            <SignInForm />
          </Tabs.Panel>
          <Tabs.Panel value="register">
            <Stack>
              <RegisterForm />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Container>
  );
}
