// The scan screen (decision 073): the camera full screen; each stack label read ticks its stack off
// (a beep and a buzz, "2 of 3 stacks · 40 crates"), the delivery note picks its delivery, and a label
// of another delivery, one already counted or not ours is refused with the reason. "Scan from a photo"
// reads a picture where the camera is refused or absent. Finish hands the stacks to the count, which
// the agent can still correct. The camera stops when the screen closes.
import { Alert, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { Transmission } from '../../../../shared/transmissions.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { prepareQrReader, readQrCodes } from '../../../lib/qr-reader.ts';
import { type CameraState, signalScan, useCameraScanner } from '../../../lib/use-camera-scanner.ts';
import { applyScan, type ScanContext, type ScanOutcome, type ScanState, scanProgress } from '../scan-state.ts';

/** The same label in view again within this long is the same reading, not a second scan. */
const SAME_LABEL_MS = 2500;

export type ScanScreenProps = ScanContext & {
  /** The delivery the agent opened the screen from, or null (the dashboard's Scan button). */
  start: Transmission | null;
  onFinish: (delivery: Transmission, stacks: number[]) => void;
  onClose: () => void;
};

/** What the agent is told about the last label read. */
function outcomeText(t: ReturnType<typeof useT>, outcome: ScanOutcome): string {
  switch (outcome.kind) {
    case 'stack':
      return t('transmissions.scanStackOk', { stack: outcome.stack, of: outcome.of });
    case 'delivery':
      return t('transmissions.scanDeliveryOk', { id: outcome.id });
    case 'already':
      return t('transmissions.scanAlready', { stack: outcome.stack });
    case 'other-delivery':
      return t('transmissions.scanOtherDelivery', { id: outcome.id });
    case 'counted':
      return t('transmissions.scanCounted');
    case 'foreign':
      return t('transmissions.scanForeign');
    default:
      return t('transmissions.scanUnknown');
  }
}

const accepted = (outcome: ScanOutcome) => outcome.kind === 'stack' || outcome.kind === 'delivery';

/** The count in progress: each text read applied once, the same label in view ignored for a moment. */
function useScanCount({ start, countable, counted }: Pick<ScanScreenProps, 'start' | 'countable' | 'counted'>) {
  const [state, setState] = useState<ScanState>({ delivery: start, stacks: [] });
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const current = useRef(state);
  const seen = useRef(new Map<string, number>());
  const take = (text: string, fromPhoto = false) => {
    const now = Date.now();
    if (!fromPhoto && now - (seen.current.get(text) ?? -Infinity) < SAME_LABEL_MS) return;
    seen.current.set(text, now);
    const [next, result] = applyScan(current.current, text, { countable, counted });
    current.current = next;
    setState(next);
    setOutcome(result);
    if (accepted(result)) signalScan();
  };
  return { state, outcome, take, setOutcome };
}

/** Whether the camera runs, and what to do when it cannot. */
function CameraStatus({ camera }: { camera: CameraState }) {
  const t = useT();
  if (camera === 'unavailable') {
    return (
      <Alert color="orange" variant="light" p="sm">
        {t('transmissions.scanCameraUnavailable')}
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {camera === 'starting' ? t('transmissions.scanStarting') : t('transmissions.scanHint')}
    </Text>
  );
}

/** The last label's outcome (green taken, red refused with its reason), or a photo with no label. */
function Outcome({ outcome, photoEmpty }: { outcome: ScanOutcome | null; photoEmpty: boolean }) {
  const t = useT();
  return (
    <div aria-live="assertive" data-testid="scan-outcome">
      {outcome && (
        <Alert color={accepted(outcome) ? 'green' : 'red'} variant="light" p="sm">
          {outcomeText(t, outcome)}
        </Alert>
      )}
      {photoEmpty && (
        <Alert color="red" variant="light" p="sm">
          {t('transmissions.scanNothingInPhoto')}
        </Alert>
      )}
    </div>
  );
}

export function ScanScreen({ start, countable, counted, onFinish, onClose }: ScanScreenProps) {
  const t = useT();
  const scan = useScanCount({ start, countable, counted });
  const { video, state: camera } = useCameraScanner((text) => scan.take(text));
  useEffect(prepareQrReader, []);
  const progress = scanProgress(scan.state);
  const delivery = scan.state.delivery;
  const [photoEmpty, setPhotoEmpty] = useState(false);
  const readPhoto = async (file: File | null) => {
    if (!file) return;
    const texts = await readQrCodes(file).catch(() => []);
    setPhotoEmpty(texts.length === 0);
    if (texts.length === 0) scan.setOutcome(null);
    for (const text of texts) scan.take(text, true);
  };
  // The delivery note of a delivery without stacks opens its count at once.
  useEffect(() => {
    if (scan.outcome?.kind === 'delivery' && delivery && progress?.of === 0) onFinish(delivery, []);
  }, [scan.outcome, delivery, progress?.of, onFinish]);

  return (
    <Modal opened onClose={onClose} fullScreen title={t('transmissions.scanTitle')} data-testid="scan-screen">
      <Stack gap="sm">
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('transmissions.scanHint')}
          style={{ width: '100%', maxHeight: '50vh', background: '#000', objectFit: 'cover', borderRadius: 8 }}
        />
        <CameraStatus camera={camera} />
        <Text fw={700} size="lg" aria-live="polite" data-testid="scan-progress">
          {progress
            ? t('transmissions.scanProgress', { scanned: progress.scanned, of: progress.of, crates: progress.crates })
            : t('transmissions.scanNoDelivery')}
        </Text>
        <Outcome outcome={scan.outcome} photoEmpty={photoEmpty} />
        <FileButton onChange={(file) => void readPhoto(file)} accept="image/*" capture="environment">
          {(props) => (
            <Button {...props} variant="default" h={44} fullWidth>
              {t('transmissions.scanFromPhoto')}
            </Button>
          )}
        </FileButton>
        <Group grow>
          <Button variant="default" h={44} onClick={onClose}>
            {t('transmissions.scanClose')}
          </Button>
          <Button h={44} disabled={!delivery} onClick={() => delivery && onFinish(delivery, scan.state.stacks)}>
            {t('transmissions.scanFinish')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
