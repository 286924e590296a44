// The import screen's state through its three steps (decision 050): the chosen file, the server's check
// of it with the column mapping, then the import's result. Kept apart from the screen, so that the
// screen reads as the steps it draws.
import { useState } from 'react';
import {
  type ImportField,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  importFields,
} from '../../../../shared/imports.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/language.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { fileToBase64, useCommitImport, usePreviewImport } from '../api/imports.ts';

type Upload = { fileName: string; content: string };

/** Whether the columns changed since the server's last check, and whether every row is ready to import. */
function readiness(preview: ImportPreview | null, mapping: ImportMapping | null) {
  const mappingChanged = Boolean(
    preview && mapping && importFields.some((f) => (preview.mapping[f] ?? null) !== (mapping[f] ?? null)),
  );
  const ready = Boolean(preview && !mappingChanged && preview.problems.length === 0 && !preview.alreadyImportedAt);
  return { mappingChanged, ready };
}

/** The server's check of one upload: its summary, every bad row, and the column mapping it is read with. */
function useImportCheck() {
  const previewing = usePreviewImport();
  const [upload, setUpload] = useState<Upload | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [error, setError] = useState<string | null>(null);

  /** Checks `next` with `withMapping`, or with the server's guess from the headers when there is none. */
  const look = async (next: Upload, withMapping?: ImportMapping) => {
    setUpload(next);
    setError(null);
    try {
      const answer = await previewing.mutateAsync({ ...next, mapping: withMapping });
      setPreview(answer);
      setMapping(answer.mapping as ImportMapping);
    } catch (e) {
      setPreview(null);
      setError(errorMessage(e, t('imports.checkFailed')));
    }
  };
  const setColumn = (field: ImportField, column: number | null) => {
    if (mapping) setMapping({ ...mapping, [field]: column });
  };
  const checkAgain = () => {
    if (upload && mapping) void look(upload, mapping);
  };
  const checking = previewing.isPending;
  return { upload, preview, setPreview, mapping, setColumn, error, setError, look, checkAgain, checking };
}

export function useImportSteps() {
  const check = useImportCheck();
  const committing = useCommitImport();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    check.setPreview(null);
    if (!chosen) return;
    await check.look({ fileName: chosen.name, content: await fileToBase64(chosen) });
  };

  const commit = async () => {
    const { upload, mapping } = check;
    if (!upload || !mapping) return;
    check.setError(null);
    try {
      const answer = await committing.mutateAsync({ ...upload, mapping });
      setResult(answer);
      check.setPreview(null);
      setFile(null);
      notifySuccess(t('imports.imported'));
    } catch (e) {
      // A refusal lists the rows again: show them, under the reason.
      await check.look(upload, mapping);
      check.setError(
        e instanceof ApiError && e.serverMessage ? e.serverMessage : errorMessage(e, t('imports.importFailed')),
      );
    }
  };

  const { preview, mapping } = check;
  return { ...check, ...readiness(preview, mapping), file, choose, commit, importing: committing.isPending, result };
}
