import 'server-only';
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Company, CompanyData, CompanyListInput } from '@/lib/schemas/companies';
import type { Db } from '../client';
import { companies } from '../schema/companies';

type Row = typeof companies.$inferSelect;

/** A row as the wire object (timestamps ISO, owner left out). */
function toCompany(row: Row): Company {
  const { ownerId: _owner, searchTsv: _words, createdAt, updatedAt, ...rest } = row;
  return {
    ...rest,
    kind: rest.kind as Company['kind'],
    taxRegime: rest.taxRegime as Company['taxRegime'],
    costing: (rest.costing as Company['costing']) ?? null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/** `%`, `_` and `\` typed by a user match themselves. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export async function insertCompanies(db: Db, ownerId: string, data: CompanyData[]): Promise<Company[]> {
  if (data.length === 0) return [];
  const rows = await db
    .insert(companies)
    .values(data.map((d) => ({ ...d, ownerId })))
    .returning();
  return rows.map(toCompany);
}

export async function findCompany(db: Db, ownerId: string, id: string): Promise<Company | undefined> {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.ownerId, ownerId), eq(companies.id, id)))
    .limit(1);
  return row && toCompany(row);
}

/** Writes the company only when `version` is still current; undefined = missing or stale. */
export async function updateCompanyRow(
  db: Db,
  ownerId: string,
  id: string,
  version: number,
  data: CompanyData,
): Promise<Company | undefined> {
  const [row] = await db
    .update(companies)
    .set({ ...data, version: sql`${companies.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(companies.ownerId, ownerId), eq(companies.id, id), eq(companies.version, version)))
    .returning();
  return row && toCompany(row);
}

export async function deleteCompanyRow(db: Db, ownerId: string, id: string, version?: number): Promise<number> {
  const conds = [eq(companies.ownerId, ownerId), eq(companies.id, id)];
  if (version !== undefined) conds.push(eq(companies.version, version));
  const rows = await db.delete(companies).where(and(...conds)).returning({ id: companies.id });
  return rows.length;
}

const SORTS: Record<CompanyListInput['sort'], SQL[]> = {
  name: [asc(sql`lower(${companies.fullName})`), asc(companies.id)],
  '-name': [desc(sql`lower(${companies.fullName})`), desc(companies.id)],
  inn: [asc(companies.inn), asc(companies.id)],
  '-inn': [desc(companies.inn), desc(companies.id)],
  updated_at: [asc(companies.updatedAt), asc(companies.id)],
  '-updated_at': [desc(companies.updatedAt), desc(companies.id)],
  created_at: [asc(companies.createdAt), asc(companies.id)],
  '-created_at': [desc(companies.createdAt), desc(companies.id)],
};

function listWhere(ownerId: string, f: Pick<CompanyListInput, 'search' | 'scope'>): SQL {
  const conds: (SQL | undefined)[] = [eq(companies.ownerId, ownerId)];
  if (f.scope === 'own') conds.push(eq(companies.isOwn, true));
  if (f.scope === 'counterparties') conds.push(eq(companies.isOwn, false));
  const search = f.search.trim();
  if (search !== '') {
    const like = `%${likeEscape(search)}%`;
    const digits = search.replace(/[\s\u00a0-]/g, '');
    conds.push(
      or(
        ilike(companies.fullName, like),
        ilike(companies.shortName, like),
        /^\d+$/.test(digits) ? ilike(companies.inn, `${digits}%`) : undefined,
      ),
    );
  }
  return and(...conds) as SQL;
}

export async function listCompanyRows(
  db: Db,
  ownerId: string,
  f: CompanyListInput,
): Promise<{ companies: Company[]; total: number }> {
  const where = listWhere(ownerId, f);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(companies)
      .where(where)
      .orderBy(...SORTS[f.sort])
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return { companies: rows.map(toCompany), total: Number(totalRow?.n ?? 0) };
}

/** Companies of the owner with the same ИНН and КПП (КПП both empty counts as equal). */
export async function findSameInnKpp(
  db: Db,
  ownerId: string,
  inn: string,
  kpp: string,
  excludeId?: string,
): Promise<{ id: string; fullName: string }[]> {
  if (inn === '') return [];
  const conds = [eq(companies.ownerId, ownerId), eq(companies.inn, inn), eq(companies.kpp, kpp)];
  if (excludeId) conds.push(ne(companies.id, excludeId));
  return db
    .select({ id: companies.id, fullName: companies.fullName })
    .from(companies)
    .where(and(...conds))
    .orderBy(asc(companies.createdAt))
    .limit(10);
}

/** Links the company's document folder. Not an edit of the card: `version` stays, so an open form still saves. */
export async function setCompanyFolder(db: Db, ownerId: string, id: string, folderId: string): Promise<Company | undefined> {
  const [row] = await db
    .update(companies)
    .set({ folderId })
    .where(and(eq(companies.ownerId, ownerId), eq(companies.id, id)))
    .returning();
  return row && toCompany(row);
}
