// Evidence photos (decision 053): attach a photo and a note to a disputed record, list a
// record's photos, serve one photo's bytes. Access follows the record: the farm store sees every
// record, an agent only its own (its transmissions, its stock-take lines, its clients' loans); any
// other caller is told the record does not exist (404), so ids say nothing.
import {
  type AttachEvidenceBody,
  type DamagedCratesPage,
  EVIDENCE_MAX_BYTES,
  EVIDENCE_PER_RECORD_MAX,
  type Evidence,
  type EvidenceContentType,
  type EvidenceRecordKind,
  evidenceMessages as m,
  sniffImageType,
} from '../../../shared/evidence.ts';
import type { Db, Executor } from '../../db/client.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import type { Caller } from '../../lib/ownership.ts';
import * as repo from './repository.ts';

type Acting = Pick<Caller, 'id' | 'role' | 'marketAgentId'>;

/** The farm store sees every record; an agent the records of its own agent account; nobody else any. */
const maySee = (caller: Acting, record: repo.EvidenceRecord) =>
  caller.role === 'farm_store' || (caller.role === 'market_agent' && caller.marketAgentId === record.marketAgentId);

/** The record if the caller may see it; 404 with `missing` otherwise (another agent's record looks like none). */
async function visibleRecord(
  db: Executor,
  caller: Acting,
  kind: EvidenceRecordKind,
  id: number,
  missing: string = m.recordNotFound,
) {
  const record = await repo.findRecord(db, kind, id);
  if (!record || !maySee(caller, record)) throw notFound(missing);
  return record;
}

/** The photo's bytes, refused when too large or not the image it says it is. */
function photoBytes(body: Pick<AttachEvidenceBody, 'photo' | 'contentType'>): Buffer {
  // Base64 is 4 characters per 3 bytes: refuse before decoding what is plainly too large.
  if (Math.floor((body.photo.length * 3) / 4) > EVIDENCE_MAX_BYTES + 2) {
    throw new HttpError(413, m.photoTooLarge, { photo: m.photoTooLarge });
  }
  const bytes = Buffer.from(body.photo, 'base64');
  if (bytes.length > EVIDENCE_MAX_BYTES) throw new HttpError(413, m.photoTooLarge, { photo: m.photoTooLarge });
  const type = sniffImageType(bytes);
  if (!type) throw badRequest(m.photoUnreadable, { photo: m.photoUnreadable });
  if (type !== body.contentType) throw badRequest(m.photoTypeMismatch, { photo: m.photoTypeMismatch });
  return bytes;
}

/** Refuses a photo that is too large (413) or not the image it says it is (400), before anything is written. */
export const checkPhoto = (body: Pick<AttachEvidenceBody, 'photo' | 'contentType'>): void => {
  photoBytes(body);
};

/** Attaches a photo (and a note) to a record the caller may see that carries a difference or damage. */
export async function attachEvidence(db: Db, caller: Acting, body: AttachEvidenceBody): Promise<Evidence> {
  const photo = photoBytes(body);
  const record = await visibleRecord(db, caller, body.recordKind, body.recordId);
  if (!record.disputed) throw conflict(m.nothingDisputed);
  const id = await db.transaction(async (tx) => {
    await repo.lockRecordPhotos(tx, body.recordKind, body.recordId);
    if ((await repo.countFor(tx, body.recordKind, body.recordId)) >= EVIDENCE_PER_RECORD_MAX) {
      throw conflict(m.tooMany);
    }
    const evidenceId = await repo.insertEvidence(tx, {
      kind: body.recordKind,
      recordId: body.recordId,
      contentType: body.contentType,
      photo,
      note: body.note ? body.note : null,
      attachedBy: caller.id,
    });
    await recordChange(tx, {
      tags: ['crates'],
      audience: [audiences.farmStore, audiences.user(record.agentUserId)],
      audit: {
        record: evidenceId,
        summary: `photo (${Math.ceil(photo.length / 1024)} KB) on ${body.recordKind} ${body.recordId}`,
      },
    });
    return evidenceId;
  });
  const attached = await repo.findEvidence(db, id);
  if (!attached) throw notFound(m.evidenceNotFound);
  return attached;
}

/** A record's photos (details only), for a caller who may see the record. */
export async function listEvidence(db: Db, caller: Acting, kind: EvidenceRecordKind, id: number) {
  await visibleRecord(db, caller, kind, id);
  return repo.listFor(db, kind, id);
}

/** One photo's bytes and type, for a caller who may see its record; 404 otherwise. */
export async function evidencePhoto(
  db: Db,
  caller: Acting,
  id: number,
): Promise<{ contentType: EvidenceContentType; bytes: Buffer }> {
  const found = await repo.photoOf(db, id);
  if (!found) throw notFound(m.evidenceNotFound);
  await visibleRecord(db, caller, found.recordKind, found.recordId, m.evidenceNotFound);
  return { contentType: found.contentType, bytes: found.bytes };
}

/**
 * An agent's damaged-crate entries, newest first (decision 056): the farm store's for any agent, an
 * agent's for itself only; another agent's, or an unknown agent, is 404. One more than the page is
 * read to know whether a next page exists.
 */
export async function listDamagedCrates(
  db: Db,
  caller: Acting,
  query: { marketAgentId: number; limit: number; before?: number },
): Promise<DamagedCratesPage> {
  const mayList =
    caller.role === 'farm_store' || (caller.role === 'market_agent' && caller.marketAgentId === query.marketAgentId);
  if (!mayList || !(await repo.agentExists(db, query.marketAgentId))) throw notFound(m.agentNotFound);
  const rows = await repo.damagedCrates(db, query.marketAgentId, { limit: query.limit + 1, before: query.before });
  const entries = rows.slice(0, query.limit);
  return { entries, nextBefore: rows.length > query.limit ? entries[entries.length - 1].id : null };
}
