// A delivery's papers (decision 073): its delivery note and its stack labels (an A4 sheet, or 62 mm
// roll labels for a label printer) as PDFs, for the farm store and the delivery's agent; and, once
// counted by scanning, the stacks that were not scanned, as the flag names them.
import { Button, Menu, Text } from '@mantine/core';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { downloadFile, errorMessage } from '../../../lib/api-client.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifyError } from '../../../lib/notify.ts';
import { TRANSMISSIONS_PATH } from '../api/paths.ts';

const download = (path: string, name: string) =>
  downloadFile('GET', path, name).catch((err) =>
    notifyError(errorMessage(err, translate('transmissions.downloadFailed'))),
  );

export function DeliveryPapers({ transmission: t }: { transmission: Transmission }) {
  const tr = useT();
  if (t.type !== 'farm_to_market') return null;
  const base = `${TRANSMISSIONS_PATH}/${t.id}`;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" h={44}>
          {tr('transmissions.printPapers')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download(`${base}/delivery-note`, `delivery-${t.id}.pdf`)}>
          {tr('transmissions.printDeliveryNote')}
        </Menu.Item>
        {t.stackCount > 0 && (
          <>
            <Menu.Item onClick={() => void download(`${base}/labels?layout=a4`, `delivery-${t.id}-labels-a4.pdf`)}>
              {tr('transmissions.printLabelsA4')}
            </Menu.Item>
            <Menu.Item onClick={() => void download(`${base}/labels?layout=roll`, `delivery-${t.id}-labels-roll.pdf`)}>
              {tr('transmissions.printLabelsRoll')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** "Stack 3 of 3 (20 crates) not received", one line per stack the count did not scan. */
export function UnscannedStacks({ transmission: t }: { transmission: Transmission }) {
  const tr = useT();
  // None on a transmission kept on the phone by an app from before stacks.
  return (t.unscannedStacks ?? []).map((s) => (
    <Text key={s.stack} size="sm" c="red.8" data-testid="unscanned-stack">
      {tr('transmissions.stackNotReceived', { stack: s.stack, of: s.of, crates: s.crates })}
    </Text>
  ));
}
