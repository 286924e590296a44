// Choosing one photo on the phone (decision 053): the camera button, the photo shrunk to at most
// 300 KB before anything is sent, and the reason when it cannot be read or shrunk. Used where a photo
// goes with a record (evidence) and with a dispute.
import { Button, FileButton, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { type RefObject, useRef, useState } from 'react';
import { t } from '../lib/i18n/language.ts';
import { type ShrunkPhoto, shrinkPhoto } from '../lib/shrink-photo.ts';

/** The chosen photo, whether it is being shrunk, and why the last choice failed. */
export function usePhotoChoice() {
  const [photo, setPhoto] = useState<ShrunkPhoto | null>(null);
  const [shrinking, setShrinking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Cleared after each choice, so choosing the same file again still counts as a choice.
  const reset = useRef<() => void>(null);
  const choose = async (file: File | null) => {
    reset.current?.();
    if (!file) return;
    setError(null);
    setShrinking(true);
    try {
      setPhoto(await shrinkPhoto(file));
    } catch (err) {
      const tooLarge = (err as Error).message === 'too large';
      setError(tooLarge ? t('evidence.photoTooLarge') : t('evidence.photoUnreadable'));
    } finally {
      setShrinking(false);
    }
  };
  return { photo, setPhoto, shrinking, error, choose, reset };
}

export type PhotoChoice = ReturnType<typeof usePhotoChoice>;

/** The camera button (44 px high) and, under it, why the last photo could not be used. */
export function PhotoButton({
  choice,
  label,
  ariaLabel,
}: {
  choice: PhotoChoice;
  label: string;
  /** A longer name for screen readers where the button's words alone do not say what it is of. */
  ariaLabel?: string;
}) {
  return (
    <Stack gap={4}>
      <FileButton
        onChange={choice.choose}
        accept="image/*"
        capture="environment"
        resetRef={choice.reset as RefObject<() => void>}
      >
        {(props) => (
          <Button
            {...props}
            variant="default"
            mih={44}
            loading={choice.shrinking}
            leftSection={<IconCamera size={18} aria-hidden />}
            aria-label={ariaLabel}
            style={{ alignSelf: 'flex-start' }}
          >
            {label}
          </Button>
        )}
      </FileButton>
      {choice.error && (
        <Text size="sm" c="red.9" role="alert">
          {choice.error}
        </Text>
      )}
    </Stack>
  );
}
