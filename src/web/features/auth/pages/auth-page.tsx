// /login and /register: one page with the Sign In and Register tabs (spec §2 /login).
import { Alert, Anchor, Center, Container, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { sessionEndMessages } from '../../../../shared/auth-labels.ts';
import { paths } from '../../../app/paths.ts';
import { Logo } from '../../../components/logo.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { useSessionEndReason } from '../session-end.ts';

export function AuthPage() {
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
        Crates from the farm to the market and back, counted every step.
      </Text>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Tabs
          keepMounted={false}
          value={tab}
          onChange={(value) => navigate(value === 'register' ? paths.register.href() : paths.login.href())}
        >
          <Tabs.List grow mb="md">
            <Tabs.Tab value="signin">Sign In</Tabs.Tab>
            <Tabs.Tab value="register">Register</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="signin">
            {sessionEnd && (
              <Alert color="orange" variant="light" mb="md" data-testid="session-ended">
                {sessionEndMessages[sessionEnd]}
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
