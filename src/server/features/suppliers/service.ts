// Supplier rules (spec §2, §4, §6; decision 021): the farm store approves or rejects suppliers and
// opens tenders on their active offers; an approved supplier keeps its offers, answers tenders (once)
// and requests crates. An unapproved supplier reads only its own record.
import type { z } from 'zod';
import { maskAccountNumber } from '../../../shared/bank-account.ts';
import {
  type CrateRequest,
  type CreateOfferInput,
  type createTenderBody,
  type MarketOffer,
  supplierMessages as m,
  type ProduceOffer,
  type SupplierMetrics,
  type SupplierWithCrates,
  type Tender,
  type UpdateOfferInput,
  type updateOfferBody,
  type updateSupplierBody,
} from '../../../shared/suppliers.ts';
import type { Db, Executor } from '../../db/client.ts';
import { describeChanges } from '../../lib/audit.ts';
import { type Audience, audiences, recordChange } from '../../lib/changes.ts';
import { conflict, forbidden, notFound } from '../../lib/http-error.ts';
import type { Caller } from '../../lib/ownership.ts';
import { supplierBalance, supplierBalances } from '../crates/balances.ts';
import * as transmissions from '../transmissions/service.ts';
import * as repo from './repository.ts';

export { findSupplierByUserId } from './repository.ts';

type Page = { limit: number; before?: number };

/** Crates issued to the supplier behind this user and not yet back (0 without a supplier record). */
export async function cratesOfSupplierUser(db: Executor, userId: number): Promise<number> {
  const supplier = await repo.findSupplierByUserId(db, userId);
  return supplier ? supplierBalance(db, supplier.id) : 0;
}

/**
 * Records with their crate figures (decision 021): owned = issued and not back, in use = on active
 * offers. The account number is masked to its last four digits unless `owner` (DESIGN §6: only the
 * supplier itself sees it in full).
 */
async function withCrates(
  db: Executor,
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
    };
  });
}

export async function mySupplier(db: Executor, caller: Caller): Promise<SupplierWithCrates> {
  const row = await repo.findSupplierByUserId(db, caller.id);
  if (!row) throw notFound('Supplier profile not found');
  const [supplier] = await withCrates(db, [row], { owner: true });
  return supplier;
}

/** The caller's own supplier record, refused (403) until the farm store has approved it. */
async function approvedSupplierOf(db: Executor, caller: Caller): Promise<repo.SupplierRow> {
  const row = await repo.findSupplierByUserId(db, caller.id);
  if (!row) throw forbidden(m.pendingApproval);
  if (row.status === 'rejected') throw forbidden(m.notApproved);
  if (row.status !== 'approved') throw forbidden(m.pendingApproval);
  return row;
}

const supplierAudience = (row: { userId: number }): Audience[] => [audiences.farmStore, audiences.user(row.userId)];

// --- the farm store's side: approval ---

export async function listSuppliers(db: Executor, page: Page & { status?: 'pending' }) {
  return withCrates(db, await repo.listSuppliers(db, page));
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
      throw conflict(status === 'approved' ? m.alreadyApproved : m.alreadyRejected);
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
  const [supplier] = await withCrates(db, [row]);
  return supplier;
}

// --- the supplier's own profile ---

export async function updateMySupplier(
  db: Db,
  caller: Caller,
  body: z.infer<typeof updateSupplierBody>,
): Promise<SupplierWithCrates> {
  const existing = await repo.findSupplierByUserId(db, caller.id);
  if (!existing) throw notFound('Supplier profile not found');
  const blank = (v: string | undefined) => (v ? v : null);
  const row = await db.transaction(async (tx) => {
    const updated = await repo.updateSupplier(tx, existing.id, {
      businessName: body.businessName,
      contactPerson: body.contactPerson,
      contactNumber: body.contactNumber,
      farmLocation: body.farmLocation,
      certificationType: body.certificationType,
      bankName: blank(body.bankName),
      accountNumber: blank(body.accountNumber?.replace(/\s/g, '')),
      branchCode: blank(body.branchCode),
      accountHolderName: blank(body.accountHolderName),
    });
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
  const [supplier] = await withCrates(db, [row], { owner: true });
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
  return repo.listTenders(db, { ...page, supplierId: supplier.id });
}

async function tenderView(db: Executor, id: number): Promise<Tender> {
  const [row] = await repo.listTenders(db, { ids: [id], limit: 1 });
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
  if (existing.supplierId !== supplier.id) throw forbidden(m.notYourTender);
  if (existing.status !== 'pending') throw conflict(m.tenderAnswered);
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
  return tenderView(db, id);
}

// --- the farm store's side: offers and tenders ---

export async function listMarketOffers(db: Executor, page: Page): Promise<MarketOffer[]> {
  return repo.listMarketOffers(db, page);
}

export async function listAllTenders(db: Executor, page: Page & { pendingOnly?: boolean }): Promise<Tender[]> {
  return repo.listTenders(db, page);
}

/** The farm store opens a tender on an approved supplier's active offer; one open tender per offer. */
export async function openTender(db: Db, caller: Caller, body: z.infer<typeof createTenderBody>): Promise<Tender> {
  const offer = await repo.findOffer(db, body.offerId);
  if (!offer) throw notFound(m.offerNotFound);
  // A removed supplier (decision 022) can't answer: its offers are off the market like its account.
  const supplier = await repo.findActiveSupplierById(db, offer.supplierId);
  if (supplier?.status !== 'approved') throw conflict(m.supplierNotApprovedForTender);
  if (!offer.isActive) throw conflict(m.offerInactive);
  const id = await db.transaction(async (tx) => {
    // Serialises tenders on one offer, so two farm store users cannot both open one.
    await repo.lockOffer(tx, offer.id);
    if (await repo.hasOpenTender(tx, offer.id)) throw conflict(m.offerHasOpenTender);
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
  return tenderView(db, id);
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
    };
  });
}
