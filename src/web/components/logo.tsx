// The Cratekeeper mark (a crate with a pepper) and name; an SVG, so it renders without emoji fonts.
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { useT } from '../lib/i18n/use-t.ts';

export function Logo({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) {
  const px = size === 'xl' ? 34 : size === 'lg' ? 26 : 22;
  return (
    <Group gap={8} wrap="nowrap" component="span">
      <svg width={px} height={px} viewBox="0 0 64 64" aria-hidden="true">
        <rect x="6" y="18" width="52" height="36" rx="4" fill="#8d6e63" />
        <path d="M6 30h52M6 42h52" stroke="#5d4037" strokeWidth="3" />
        <path d="M32 6c6 0 10 5 10 12H22c0-7 4-12 10-12z" fill="#d32f2f" />
        <path d="M32 2v6" stroke="#2f7d32" strokeWidth="3" />
      </svg>
      <Text component="span" fw={800} size={size} c="green.9">
        Cratekeeper
      </Text>
    </Group>
  );
}

/** The logo as the way home, thumb-sized, on the public pages' headers. */
export function HomeLogoLink() {
  const t = useT();
  return (
    <Anchor
      component={Link}
      to={paths.home.href()}
      underline="never"
      c="inherit"
      aria-label={t('components.home')}
      className="thumb-link"
    >
      <Logo size="md" />
    </Anchor>
  );
}
