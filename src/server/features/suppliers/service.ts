// Supplier rules (spec §2, §4, §6; decision 021): the farm store approves or rejects suppliers and
// opens tenders on their active offers; an approved supplier keeps its offers, answers tenders (once)
// and requests crates. An unapproved supplier reads only its own record.
import type { z } from 'zod';
import { maskAccountNumber } from '../../../shared/bank-account.ts';
import errorsEnglish from '../../../shared/i18n/en/errors.json' with { type: 'json' };
import { addEnglish, english } from '../../../shared/i18n/english.ts';
import {
  type CrateRequest,
  type CreateOfferInput,
  type createTenderBody,
  type MarketOffer,
  supplierMessages as m,
  type ProduceOffer,
  type SupplierMetrics,
  type SupplierWithCrates,
  supplierDetailsRecord,
  type Tender,
  type UpdateOfferInput,
  type updateOfferBody,
  type updateSupplierBody,
} from '../../../shared/suppliers.ts';
import type { Db, Executor } from '../../db/client.ts';
import { describeChanges } from '../../lib/audit.ts';
import { type Audience, audiences, recordChange } from '../../lib/changes.ts';
import { conflict, forbidden, notFound, refusalError } from '../../lib/http-error.ts';
import type { Caller } from '../../lib/ownership.ts';
import { supplierBalance, supplierBalances } from '../crates/balances.ts';
import * as transmissions from '../transmissions/service.ts';
import * as repo from './repository.ts';
import { actionsOnSupplier, actionsOnTender, answerRefusal, decisionRefusal, openTenderRefusal } from './rules.ts';

addEnglish({ errors: errorsEnglish });

/** The caller's own supplier record, or null when the caller has none. */
const ownSupplier = (db: Executor, caller: Pick<Caller, 'supplierId'>) =>
  caller.supplierId === null ? null : repo.findSupplierById(db, caller.supplierId);

type Page = { limit: number; before?: number };

/** Crates issued to the caller's supplier record and not yet back (0 without a supplier record). */
export async function cratesOfOwnSupplier(db: Executor, caller: Pick<Caller, 'supplierId'>): Promise<number> {
  return caller.supplierId === null ? 0 : supplierBalance(db, caller.supplierId);
}

/**
 * Records with their crate figures (decision 021): owned = issued and not back, in use = on active
 * offers. The account number is masked to its last four digits unless `owner` (DESIGN §6: only the
 * supplier itself sees it in full).
 */
async function withCrates(
  db: Executor,
  caller: Caller,
  rows: repo.SupplierRow[],
  { owner = false }: { owner?: boolean } = {},
): Promise<SupplierWithCrates[]> {
  const ids = rows.map((r) => r.id);
  const [owned, onOffer] = await Promise.all([supplierBalances(db, ids), repo.activeOfferCrates(db, ids)]);
  return rows.map((row) => {
    const totalCratesOwned = owned.get(row.id) ?? 0;
    const cratesInUse = Math.min(totalCratesOwned, onOffer.get(row.id) ?? 0);
    const dto = repo.toSupplierDto(row);
    return {
      ...dto,
      accountNumber: owner ? dto.accountNumber : maskAccountNumber(dto.accountNumber),
      totalCratesOwned,
      cratesInUse,
      availableCrates: totalCratesOwned - cratesInUse,
      ...actionsOnSupplier(row, caller),
    };
  });
}

export async function mySupplier(db: Executor, caller: Caller): Promise<SupplierWithCrates> {
  const row = await ownSupplier(db, caller);
  if (!row) throw notFound(english('errors.supplierNotFound'));
  const [supplier] = await withCrates(db, caller, [row], { owner: true });
  return supplier;
}

/** The caller's own supplier record, refused (403) until the farm store has approved it. */
async function approvedSupplierOf(db: Executor, caller: Caller): Promise<repo.SupplierRow> {
  const row = await ownSupplier(db, caller);
  if (!row) throw forbidden(m.pendingApproval);
  if (row.status === 'rejected') throw forbidden(m.notApproved);
  if (row.status !== 'approved') throw forbidden(m.pendingApproval);
  return row;
}

const supplierAudience = (row: { userId: number }): Audience[] => [audiences.farmStore, audiences.user(row.userId)];

// --- the farm store's side: approval ---

export async function listSuppliers(db: Executor, caller: Caller, page: Page & { status?: 'pending' | 'rejected' }) {
  return withCrates(db, caller, await repo.listSuppliers(db, page));
}

export async function setSupplierStatus(
  db: Db,
  id: number,
  status: 'approved' | 'rejected',
  caller: Caller,
): Promise<SupplierWithCrates> {
  const row = await db.transaction(async (tx) => {
    const before = await repo.lockSupplierStatus(tx, id);
    const updated = await repo.setSupplierStatus(tx, id, status);
    if (!updated) {
      // A removed supplier's account is not found here, as it is in the lists.
      const existing = await repo.findActiveSupplierById(tx, id);
      if (!existing) throw notFound(m.supplierNotFound);
      throw refusalError(decisionRefusal(existing, status, caller) ?? { status: 409, message: m.updateStatusFailed });
    }
    // A rejected supplier gets no crates: its pending requests are withdrawn with the rejection.
    const cancelled =
      status === 'rejected' ? await transmissions.cancelCrateRequestsOf(tx, updated.userId, caller.id) : 0;
    await recordChange(tx, {
      tags: cancelled > 0 ? ['suppliers', 'users', 'transmissions'] : ['suppliers', 'users'],
      audience: supplierAudience(updated),
      audit: {
        summary: `status ${before} → ${status}${cancelled > 0 ? `; ${cancelled} pending crate requests withdrawn` : ''}`,
      },
    });
    return updated;
  });
  const [supplier] = await withCrates(db, caller, [row]);
  return supplier;
}

// --- the supplier's own profile ---

export async function updateMySupplier(
  db: Db,
  caller: Caller,
  body: z.infer<typeof updateSupplierBody>,
): Promise<SupplierWithCrates> {
  const existing = await ownSupplier(db, caller);
  if (!existing) throw notFound(english('errors.supplierNotFound'));
  const row = await db.transaction(async (tx) => {
    const updated = await repo.updateSupplier(tx, existing.id, supplierDetailsRecord(body));
    await recordChange(tx, {
      tags: ['suppliers'],
      audience: supplierAudience(updated),
      audit: {
        summary: describeChanges(existing, updated, {
          businessName: true,
          contactPerson: true,
          contactNumber: true,
          farmLocation: true,
          certificationType: true,
          bankName: true,
          accountNumber: maskAccountNumber,
          branchCode: true,
          accountHolderName: true,
        }),
      },
    });
    return updated;
  });
  const [supplier] = await withCrates(db, caller, [row], { owner: true });
  return supplier;
}

// --- metrics, offers, tenders: approved suppliers only ---

export async function metricsFor(db: Executor, caller: Caller): Promise<SupplierMetrics> {
  const supplier = await approvedSupplierOf(db, caller);
  return repo.supplierMetrics(db, supplier.id);
}

export async function listMyOffers(db: Executor, caller: Caller, page: Page): Promise<ProduceOffer[]> {
  const supplier = await approvedSupplierOf(db, caller);
  return repo.listOffers(db, supplier.id, page);
}

const orNull = (v: string | undefined) => (v ? v : null);

export async function createOffer(db: Db, caller: Caller, body: CreateOfferInput): Promise<ProduceOffer> {
  const supplier = await approvedSupplierOf(db, caller);
  return db.transaction(async (tx) => {
    const row = await repo.insertOffer(tx, {
      supplierId: supplier.id,
      produceName: body.produceName,
      produceType: body.produceType,
      quality: body.quality,
      quantityCrates: body.quantityCrates,
      unitWeight: orNull(body.unitWeight),
      description: orNull(body.description),
      isActive: body.isActive ?? true,
    });
    await recordChange(tx, {
      tags: ['suppliers'],
      audience: supplierAudience(supplier),
      audit: { record: row.id, summary: `${row.produceName} (${row.produceType}), ${row.quantityCrates} crates` },
    });
    return row;
  });
}

/** Edits or (de)activates one of the caller's offers: 404 when there is none, 403 when another's. */
export async function updateOffer(
  db: Db,
  caller: Caller,
  id: number,
  body: z.infer<typeof updateOfferBody> & UpdateOfferInput,
): Promise<ProduceOffer> {
  const supplier = await approvedSupplierOf(db, caller);
  const offer = await repo.findOffer(db, id);
  if (!offer) throw notFound(m.offerNotFound);
  if (offer.supplierId !== supplier.id) throw forbidden(m.notYourOffer);
  const values: Parameters<typeof repo.updateOffer>[2] = {};
  if (body.produceName !== undefined) values.produceName = body.produceName;
  if (body.produceType !== undefined) values.produceType = body.produceType;
  if (body.quality !== undefined) values.quality = body.quality;
  if (body.quantityCrates !== undefined) values.quantityCrates = body.quantityCrates;
  if (body.unitWeight !== undefined) values.unitWeight = orNull(body.unitWeight);
  if (body.description !== undefined) values.description = orNull(body.description);
  if (body.isActive !== undefined) values.isActive = body.isActive;
  return db.transaction(async (tx) => {
    const row = await repo.updateOffer(tx, id, values);
    const fields = Object.fromEntries(Object.keys(values).map((k) => [k, true]));
    await recordChange(tx, {
      tags: ['suppliers'],
      audience: supplierAudience(supplier),
      audit: { summary: describeChanges(offer, row, fields) },
    });
    return row;
  });
}

export async function listMyTenders(db: Executor, caller: Caller, page: Page): Promise<Tender[]> {
  const supplier = await approvedSupplierOf(db, caller);
  return withTenderActions(await repo.listTenders(db, { ...page, supplierId: supplier.id }), supplier.id);
}

/** Tenders with what the caller may do with them; `callerSupplierId`: the caller's own supplier record, if any. */
const withTenderActions = (rows: repo.TenderView[], callerSupplierId: number | null): Tender[] =>
  rows.map((row) => ({ ...row, ...actionsOnTender(row, callerSupplierId) }));

async function tenderView(db: Executor, id: number, callerSupplierId: number | null): Promise<Tender> {
  const [row] = withTenderActions(await repo.listTenders(db, { ids: [id], limit: 1 }), callerSupplierId);
  return row;
}

/**
 * The supplier accepts (final price = the farm's quote; the offer is sold and goes inactive) or
 * rejects a pending tender, exactly once: a second answer, or a race lost, is a 409.
 */
export async function answerTender(
  db: Db,
  caller: Caller,
  id: number,
  answer: 'accepted' | 'rejected',
): Promise<Tender> {
  const supplier = await approvedSupplierOf(db, caller);
  const existing = await repo.findTender(db, id);
  if (!existing) throw notFound(m.tenderNotFound);
  const refusal = answerRefusal(existing, supplier.id);
  if (refusal) throw refusalError(refusal);
  await db.transaction(async (tx) => {
    const row = await repo.answerPendingTender(tx, id, answer);
    if (!row) throw conflict(m.tenderAnswered);
    if (answer === 'accepted') await repo.updateOffer(tx, row.offerId, { isActive: false });
    await recordChange(tx, {
      tags: ['suppliers'],
      audience: supplierAudience(supplier),
      audit: { summary: `status pending → ${answer}${answer === 'accepted' ? `; offer ${row.offerId} sold` : ''}` },
    });
  });
  return tenderView(db, id, supplier.id);
}

// --- the farm store's side: offers and tenders ---

/** Active offers of approved suppliers (what the list holds), each with whether a tender may open on it. */
export async function listMarketOffers(db: Executor, caller: Caller, page: Page): Promise<MarketOffer[]> {
  const rows = await repo.listMarketOffers(db, page);
  return rows.map((offer) => ({
    ...offer,
    canOpenTender: openTenderRefusal({ ...offer, supplierApproved: true }, caller) === null,
  }));
}

export async function listAllTenders(db: Executor, page: Page & { pendingOnly?: boolean }): Promise<Tender[]> {
  return withTenderActions(await repo.listTenders(db, page), null);
}

/** The farm store opens a tender on an approved supplier's active offer; one open tender per offer. */
export async function openTender(db: Db, caller: Caller, body: z.infer<typeof createTenderBody>): Promise<Tender> {
  const offer = await repo.findOffer(db, body.offerId);
  if (!offer) throw notFound(m.offerNotFound);
  // A removed supplier (decision 022) can't answer: its offers are off the market like its account.
  const supplier = await repo.findActiveSupplierById(db, offer.supplierId);
  const facts = { isActive: offer.isActive, supplierApproved: supplier?.status === 'approved' };
  const refusal = openTenderRefusal({ ...facts, hasOpenTender: false }, caller);
  if (refusal || !supplier) throw refusalError(refusal ?? { status: 409, message: m.supplierNotApprovedForTender });
  const id = await db.transaction(async (tx) => {
    // Serialises tenders on one offer, so two farm store users cannot both open one.
    await repo.lockOffer(tx, offer.id);
    const open = openTenderRefusal({ ...facts, hasOpenTender: await repo.hasOpenTender(tx, offer.id) }, caller);
    if (open) throw refusalError(open);
    const row = await repo.insertTender(tx, {
      offerId: offer.id,
      supplierId: supplier.id,
      createdBy: caller.id,
      farmQuote: body.farmQuote,
      marketQuote: body.marketQuote ?? null,
      notes: body.notes ? body.notes : null,
    });
    await recordChange(tx, {
      tags: ['suppliers'],
      audience: supplierAudience(supplier),
      audit: { record: row.id, summary: `offer ${offer.id}: farm quote R ${row.farmQuote}` },
    });
    return row.id;
  });
  return tenderView(db, id, null);
}

// --- crate requests (supplier_to_farm transmissions, decision 012) ---

export async function listCrateRequests(
  db: Executor,
  caller: Caller,
  page: Page & { status?: 'pending' | 'all' },
): Promise<CrateRequest[]> {
  if (caller.role === 'supplier') await approvedSupplierOf(db, caller);
  const rows = await transmissions.listCrateRequests(db, caller, {
    limit: page.limit,
    before: page.before,
    pendingOnly: page.status === 'pending',
  });
  const bySupplierUser = new Map(
    (await repo.findSuppliersByUserIds(db, [...new Set(rows.map((r) => r.fromUserId))])).map((s) => [s.userId, s]),
  );
  return rows.map((t) => {
    const supplier = bySupplierUser.get(t.fromUserId);
    return {
      id: t.id,
      quantity: t.quantity,
      actualQuantity: t.actualQuantity,
      notes: t.notes,
      status: t.status,
      sentAt: t.sentAt,
      acknowledgedAt: t.acknowledgedAt,
      supplierId: supplier?.id ?? null,
      businessName: supplier?.businessName ?? null,
      requestedBy: t.fromName,
      // Fulfilling a request is acknowledging its transmission: the transmissions rule decides.
      canFulfil: t.canAcknowledge,
    };
  });
}
