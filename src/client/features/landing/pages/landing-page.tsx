// The public site (spec §2 Landing page). The tabs' full content comes with the public-site issue.
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Logo } from '../../../components/logo.tsx';

export function LandingPage() {
  return (
    <>
      <Group justify="space-between" px="md" py="sm" component="header">
        <Logo />
        <Group gap="xs">
          <Button component={Link} to={paths.login.href()} variant="default">
            Sign In
          </Button>
          <Button component={Link} to={paths.login.href()}>
            Get Started
          </Button>
        </Group>
      </Group>
      <Container size="md" py={64} component="main">
        <Stack align="center" gap="md">
          <Title order={1} ta="center">
            Fresh peppers from our farm to your market stall
          </Title>
          <Text c="dimmed" ta="center" maw={560}>
            We grow sweet bell, hot chili and sweet mini peppers and eggfruit, and deliver them in crates to market
            agents in Johannesburg and Pretoria. Every crate is counted, from the farm to the market and back.
          </Text>
        </Stack>
      </Container>
    </>
  );
}
