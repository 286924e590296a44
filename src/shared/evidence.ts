// Evidence photos (decision 053): schemas and messages of /api/evidence for both sides.
import { z } from 'zod';
import { beforeQuery, choicesMessage, idParam, jsonId, limitQuery, multilineText } from './fields.ts';
import { instant } from './http.ts';
import evidenceEnglish from './i18n/en/evidence.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';

addEnglish({ evidence: evidenceEnglish });

/** The largest photo the server keeps; the phone shrinks photos below it before sending (decision 053). */
export const EVIDENCE_MAX_BYTES = 300 * 1024;
export const EVIDENCE_NOTE_MAX = 300;
/** Photos one record may carry: enough to show a dispute, not a photo album. */
export const EVIDENCE_PER_RECORD_MAX = 10;

export const evidenceRecordKinds = [
  'transmission',
  'stock-take-line',
  'client-transaction',
  'balance-statement',
] as const;
export type EvidenceRecordKind = (typeof evidenceRecordKinds)[number];
export const evidenceContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type EvidenceContentType = (typeof evidenceContentTypes)[number];

export const evidenceMessages = {
  recordKind: choicesMessage('recordKind', evidenceRecordKinds),
  recordId: english('evidence.recordId'),
  recordNotFound: english('evidence.recordNotFound'),
  photoRequired: english('evidence.photoRequired'),
  photoUnreadable: english('evidence.photoUnreadable'),
  photoTypeMismatch: english('evidence.photoTypeMismatch'),
  photoTooLarge: english('evidence.photoTooLarge'),
  contentType: choicesMessage('contentType', evidenceContentTypes),
  noteTooLong: english('evidence.noteTooLong', { max: EVIDENCE_NOTE_MAX }),
  evidenceNotFound: english('evidence.evidenceNotFound'),
  nothingDisputed: english('evidence.nothingDisputed'),
  tooMany: english('evidence.tooMany', { max: EVIDENCE_PER_RECORD_MAX }),
  attached: english('evidence.attached'),
  agent: english('evidence.agent'),
  agentNotFound: english('evidence.agentNotFound'),
} as const;

const m = evidenceMessages;

/** POST /api/evidence: the photo (base64, at most 300 KB once decoded) and an optional note. */
export const attachEvidenceBody = z.object({
  recordKind: z.enum(evidenceRecordKinds, { error: m.recordKind }),
  recordId: jsonId(m.recordId),
  contentType: z.enum(evidenceContentTypes, { error: m.contentType }),
  photo: z
    .string({ error: m.photoRequired })
    .min(1, m.photoRequired)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, m.photoUnreadable),
  note: multilineText(EVIDENCE_NOTE_MAX, m.noteTooLong).optional().nullable(),
});
export type AttachEvidenceBody = z.infer<typeof attachEvidenceBody>;

/** GET /api/evidence?recordKind=…&recordId=…: the photos of one record. */
export const evidenceListQuery = z.object({
  recordKind: z.enum(evidenceRecordKinds, { error: m.recordKind }),
  recordId: idParam(m.recordId),
});

export const evidenceSchema = z.object({
  id: z.number(),
  recordKind: z.enum(evidenceRecordKinds),
  recordId: z.number(),
  contentType: z.enum(evidenceContentTypes),
  byteSize: z.number(),
  note: z.string().nullable(),
  attachedBy: z.number(),
  attachedByName: z.string(),
  attachedAt: instant,
});
export type Evidence = z.infer<typeof evidenceSchema>;
export const evidenceListResponse = z.array(evidenceSchema);

/** The address of a photo's bytes (an <img src>). */
export const evidencePhotoPath = (id: number) => `/api/evidence/${id}/photo`;

/** The image type the bytes are, by their magic numbers; null for anything else. */
export function sniffImageType(bytes: Uint8Array): EvidenceContentType | null {
  const starts = (...values: number[]) => values.every((v, i) => bytes[i] === v);
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  const ascii = (from: number, text: string) => [...text].every((c, i) => bytes[from + i] === c.charCodeAt(0));
  if (bytes.length >= 12 && ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  return null;
}

/** Damaged-crate entries a page of the farm's list shows (decision 056). */
export const DAMAGED_CRATES_PAGE = 10;

/**
 * GET /api/evidence/damaged-crates?marketAgentId=&limit=&before=: an agent's damaged-crate entries,
 * newest first (decision 056). `before`: the id of the last entry of the page before.
 */
export const damagedCratesQuery = z.object({
  marketAgentId: idParam(m.agent),
  limit: limitQuery(DAMAGED_CRATES_PAGE),
  before: beforeQuery,
});

/**
 * One booking of damaged crates: on a client's return (recordKind client-transaction: the loan, whose
 * photos show them) or the farm's count of the agent's returned empties (transmission).
 */
export const damagedCrateEntrySchema = z.object({
  id: z.number(),
  occurredAt: instant,
  quantity: z.number().int(),
  reason: z.string().nullable(),
  recordKind: z.enum(['client-transaction', 'transmission']),
  recordId: z.number(),
  /** The client whose return it was; null for returned empties. */
  client: z.object({ id: z.number(), businessName: z.string(), clientName: z.string() }).nullable(),
});
export type DamagedCrateEntry = z.infer<typeof damagedCrateEntrySchema>;

export const damagedCratesPageSchema = z.object({
  entries: z.array(damagedCrateEntrySchema),
  /** The `before` of the next page; null on the last. */
  nextBefore: z.number().nullable(),
});
export type DamagedCratesPage = z.infer<typeof damagedCratesPageSchema>;
