// POST /api/imports/preview and POST /api/imports (decision 050): the file goes base64 in JSON.
import { useMutation } from '@tanstack/react-query';
import type { ImportMapping, ImportPreview, ImportResult } from '../../../../shared/imports.ts';
import { api } from '../../../lib/api-client.ts';

export type Upload = { fileName: string; content: string; mapping?: ImportMapping };

/** The file's bytes as base64, a chunk at a time (a 5 MB file would overflow one apply call). */
export async function fileToBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function usePreviewImport() {
  return useMutation({ mutationFn: (upload: Upload) => api.post<ImportPreview>('/api/imports/preview', upload) });
}

export function useCommitImport() {
  return useMutation({
    mutationFn: (upload: Upload) => api.post<ImportResult>('/api/imports', upload),
  });
}
