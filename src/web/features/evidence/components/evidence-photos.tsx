// "Add a photo" (decision 053): the photos and notes attached to one disputed record, each opening
// full size, and — for those who may — the camera button. The photo is shrunk on the phone (at most
// 300 KB) before it is sent; the note is sent as typed or refused with the field's message.
import { Button, Group, Image, Modal, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { useContext, useEffect, useRef, useState } from 'react';
import {
  EVIDENCE_NOTE_MAX,
  EVIDENCE_PER_RECORD_MAX,
  type Evidence,
  type EvidenceRecordKind,
  evidencePhotoPath,
} from '../../../../shared/evidence.ts';
import { PhotoHold } from '../../../components/damage-photo-step.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { PhotoButton, usePhotoChoice } from '../../../components/photo-choice.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { notifyQueued } from '../../../lib/offline/send-or-queue.ts';
import { useAttachEvidence, useEvidence } from '../api/evidence.ts';

type Props = {
  recordKind: EvidenceRecordKind;
  recordId: number;
  /** What the photos show, for the labels: "Alpha Greens", "Delivery #12". */
  subject: string;
  /** Whether this side may add a photo (both sides see them). */
  canAttach?: boolean;
  /** The change waiting on the phone that a photo goes with (decision 061). */
  after?: string;
};

export function EvidencePhotos({ recordKind, recordId, subject, canAttach = true, after }: Props) {
  const t = useT();
  const photos = useEvidence(recordKind, recordId);
  const [open, setOpen] = useState<Evidence | null>(null);
  const list = photos.data ?? [];
  return (
    <Stack gap="xs">
      {list.length > 0 && (
        <Group gap="xs">
          {list.map((p, i) => (
            <UnstyledButton
              key={p.id}
              onClick={() => setOpen(p)}
              aria-label={t('evidence.openPhoto', { n: i + 1, subject })}
              style={{ width: 64, height: 64, borderRadius: 4, overflow: 'hidden' }}
            >
              <Image src={evidencePhotoPath(p.id)} alt="" w={64} h={64} fit="cover" />
            </UnstyledButton>
          ))}
        </Group>
      )}
      {list
        .filter((p) => p.note)
        .map((p) => (
          <Text key={p.id} size="sm">
            {p.attachedByName}: {p.note}
          </Text>
        ))}
      {canAttach && list.length < EVIDENCE_PER_RECORD_MAX && (
        <AddPhoto recordKind={recordKind} recordId={recordId} subject={subject} after={after} />
      )}
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={t('evidence.photoOf', { subject })}
        size="lg"
        centered
      >
        {open && (
          <Stack gap="xs">
            <Image
              src={evidencePhotoPath(open.id)}
              alt={open.note ?? t('evidence.photoOf', { subject })}
              fit="contain"
              mah="70vh"
            />
            <Text size="sm">
              {open.attachedByName}, {formatDateTime(open.attachedAt)}
              {open.note ? `: ${open.note}` : ''}
            </Text>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

// Long: one form's JSX: choose, preview, note, send or cancel.
function AddPhoto({ recordKind, recordId, subject, after }: Omit<Props, 'canAttach'>) {
  const t = useT();
  const attach = useAttachEvidence();
  const hold = useContext(PhotoHold);
  const choice = usePhotoChoice();
  const { photo, setPhoto } = choice;
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);

  const cancel = () => {
    setPhoto(null);
    setNote('');
    setNoteError(null);
    attach.reset();
  };
  /** Sends (or queues) the chosen photo with its note; true once it is attached or kept on the phone. */
  const attachChosen = async () => {
    if (!photo) return false;
    if (note.trim().length > EVIDENCE_NOTE_MAX) {
      setNoteError(translate('evidence.noteTooLong', { max: EVIDENCE_NOTE_MAX }));
      return false;
    }
    const body = {
      recordKind,
      recordId,
      contentType: photo.contentType,
      photo: photo.base64,
      note: note.trim() || null,
    };
    try {
      const sent = await attach.mutateAsync({ body, subject, after });
      if (sent.queued) notifyQueued();
      else notifySuccess(translate('evidence.attached'));
      cancel();
      return true;
    } catch {
      // The refusal is shown under the note (FormError).
      return false;
    }
  };
  const send = (event: React.FormEvent) => {
    event.preventDefault();
    void attachChosen();
  };
  // The step around this form is told a photo is chosen, so leaving it does not drop the photo.
  const attachRef = useRef(attachChosen);
  attachRef.current = attachChosen;
  useEffect(() => {
    if (!hold) return;
    hold(photo ? { attach: () => attachRef.current() } : null);
    return () => hold(null);
  }, [hold, photo]);

  if (!photo)
    return (
      <PhotoButton choice={choice} label={t('evidence.addPhoto')} ariaLabel={t('evidence.addPhotoOf', { subject })} />
    );
  return (
    <form onSubmit={send} noValidate aria-label={t('evidence.photoOf', { subject })}>
      <Stack gap="xs">
        <Image src={photo.previewUrl} alt={t('evidence.photoToAttach', { subject })} mah={200} w="auto" fit="contain" />
        <Textarea
          label={t('evidence.note')}
          description={t('evidence.noteHelp', { max: EVIDENCE_NOTE_MAX })}
          autosize
          minRows={2}
          value={note}
          onChange={(e) => {
            setNote(e.currentTarget.value);
            setNoteError(null);
          }}
          error={noteError}
        />
        <FormError error={attach.isError ? attach.error : null} fallback={t('evidence.attachFailed')} />
        <Group gap="xs">
          <Button type="submit" mih={44} loading={attach.isPending}>
            {t('evidence.attachPhoto')}
          </Button>
          <Button variant="default" mih={44} onClick={cancel} disabled={attach.isPending}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
