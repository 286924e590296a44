// "Can't reach the farm's server — retrying": shown in the page's flow (never over a control) while the
// session check is failing with a dropped connection or a 5xx; it goes when the server answers again.
import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useServerUnreachable } from '../api.ts';

export function ServerUnreachableBanner() {
  const t = useT();
  const unreachable = useServerUnreachable();
  if (!unreachable) return null;
  return (
    <Alert
      role="status"
      color="yellow"
      variant="light"
      radius={0}
      mb="sm"
      icon={<IconCloudOff size={18} aria-hidden />}
      data-testid="server-unreachable"
    >
      {t('auth.serverUnreachable')}
    </Alert>
  );
}
