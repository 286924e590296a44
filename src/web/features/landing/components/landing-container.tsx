// The public site's one column: header, hero, tabs and footer all sit in it, so the logo, the hero's
// title and the first tab share one left edge at every width.
import { Container, type ContainerProps } from '@mantine/core';

export function LandingContainer(props: ContainerProps & { component?: 'main' | 'div' }) {
  return <Container size="lg" w="100%" px={{ base: 'sm', sm: 'lg' }} {...props} />;
}
