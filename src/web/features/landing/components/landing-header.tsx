// The public site's header: the logo (home) and the two buttons that go to /login (spec §2).
import { Box, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { HomeLogoLink } from '../../../components/logo.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';
import { LandingContainer } from './landing-container.tsx';

export function LandingHeader() {
  const t = useT();
  return (
    <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} bg="white">
      <LandingContainer>
        <Group justify="space-between" wrap="nowrap" gap="xs" py="sm">
          <HomeLogoLink />
          <Group gap={6} wrap="nowrap">
            <Button component={Link} to={paths.login.href()} variant="default" size="compact-sm">
              {t('landing.signIn')}
            </Button>
            <Button component={Link} to={paths.login.href()} size="compact-sm">
              {t('landing.getStarted')}
            </Button>
          </Group>
        </Group>
      </LandingContainer>
    </Box>
  );
}
