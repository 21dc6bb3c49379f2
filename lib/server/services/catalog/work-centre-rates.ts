import 'server-only';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { SpecDocument } from '@/lib/domain/cost';
import { kopToRub } from '@/lib/domain/catalog';
import { withCentreRates, type CentreRates } from '@/lib/domain/catalog/work-centre-rate';
import type { Db } from '../../db/client';
import { workCentres } from '../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The work-centre ids the documents' operations point at. */
export function centreIdsOf(docs: Iterable<SpecDocument>): string[] {
  const ids = new Set<string>();
  for (const d of docs) for (const o of d.operations ?? []) if (o.workCentreId && UUID.test(o.workCentreId)) ids.add(o.workCentreId);
  return [...ids];
}

/**
 * The rates the caller's work centres give for `ids`: the caller's own centre by id; for another user's centre (a
 * shared specification points at its owner's) the caller's own, not archived, of the same name. Nothing of the
 * other user's centre but its name is read; an id with neither is left out (its operations keep their saved rates).
 */
export async function centreRatesFor(db: Db, callerId: string, ids: string[]): Promise<Map<string, CentreRates>> {
  const out = new Map<string, CentreRates>();
  const wanted = ids.filter((id) => UUID.test(id));
  if (!wanted.length) return out;
  const rates = (c: { hourlyRateKop: number; machineHourRateKop: number }): CentreRates => ({
    hourlyRate: kopToRub(c.hourlyRateKop),
    machineHourRate: kopToRub(c.machineHourRateKop),
  });
  const own = await db.select().from(workCentres).where(and(eq(workCentres.ownerId, callerId), inArray(workCentres.id, wanted)));
  for (const c of own) out.set(c.id, rates(c));
  const rest = wanted.filter((id) => !out.has(id));
  if (!rest.length) return out;
  const foreign = await db.select({ id: workCentres.id, name: workCentres.name }).from(workCentres).where(and(ne(workCentres.ownerId, callerId), inArray(workCentres.id, rest)));
  if (!foreign.length) return out;
  const same = await db
    .select()
    .from(workCentres)
    .where(and(eq(workCentres.ownerId, callerId), eq(workCentres.archived, false), inArray(workCentres.name, [...new Set(foreign.map((f) => f.name))])));
  for (const f of foreign) {
    const mine = same.find((c) => c.name === f.name);
    if (mine) out.set(f.id, rates(mine));
  }
  return out;
}

/** The document with its linked operations at the centres' rates (the same document when none changes). */
export function rateDocument(doc: SpecDocument, centres: ReadonlyMap<string, CentreRates>): SpecDocument {
  if (!centres.size || !(doc.operations ?? []).some((o) => o.workCentreId)) return doc;
  return { ...doc, operations: doc.operations.map((o) => withCentreRates(o, centres)) };
}

/**
 * A calculation's documents with the current rates of the work centres their operations point at (one read for
 * all of them), from the caller's work centres: what every calculation of a specification uses, as a process set's
 * operations use the set's current steps.
 */
export async function rateDocuments(db: Db, callerId: string, root: SpecDocument, nested: Map<string, SpecDocument>) {
  const centres = await centreRatesFor(db, callerId, centreIdsOf([root, ...nested.values()]));
  if (!centres.size) return { root, nested };
  const out = new Map<string, SpecDocument>();
  for (const [k, d] of nested) out.set(k, rateDocument(d, centres));
  return { root: rateDocument(root, centres), nested: out };
}
