import { formatNumber, parseDecimal } from '@/lib/domain/money';
import type { MaterialLine, Operation, SpecDocument } from './types';

/** One field that differs between two versions: its Russian label and the values (as text, '' = empty; numbers Russian). */
interface FieldChange {
  field: string;
  label: string;
  from: string;
  to: string;
}

/** A line present in both versions (matched by `id`) with the fields that differ. */
interface LineChange {
  id: string;
  name: string;
  changes: FieldChange[];
}

export interface LinesDiff {
  added: { id: string; name: string }[];
  removed: { id: string; name: string }[];
  changed: LineChange[];
}

export interface SpecDiff {
  header: FieldChange[];
  materials: LinesDiff;
  operations: LinesDiff;
  /** Nothing differs. */
  same: boolean;
}

const HEADER: [keyof SpecDocument, string][] = [
  ['name', 'Название'],
  ['code', 'Код'],
  ['unit', 'Единица выпуска'],
  ['outputQty', 'Выпуск, ед.'],
  ['notes', 'Примечание'],
  ['processSetId', 'Набор процессов'],
];

const MATERIAL: [string, string][] = [
  ['name', 'наименование'],
  ['unit', 'единица'],
  ['qty', 'нетто'],
  ['wastePct', 'отходы, %'],
  ['wasteMode', 'способ учёта отходов'],
  ['price', 'цена'],
  ['priceIncludesVat', 'цена с НДС'],
  ['article', 'статья'],
  ['specId', 'полуфабрикат'],
  ['returnable.qty', 'возвратные отходы, кол-во'],
  ['returnable.price', 'возвратные отходы, цена'],
];

const OPERATION: [string, string][] = [
  ['name', 'название'],
  ['hours', 'часы'],
  ['rate', 'ставка'],
  ['machineHours', 'машино-часы'],
  ['machineRate', 'ставка машино-часа'],
];

/** Fields holding numbers: compared by value ("0,85" = "0.85" = 0.85) and shown the Russian way. */
const NUMERIC = new Set(['outputQty', 'qty', 'wastePct', 'price', 'returnable.qty', 'returnable.price', 'hours', 'rate', 'machineHours', 'machineRate']);

/**
 * A field's value as text; defaults count as empty so `wasteMode: "uplift"` equals no mode. A number is
 * written one way whatever form it was stored in (a document typed with commas, one the server wrote with dots).
 */
function text(obj: unknown, path: string): string {
  let v: unknown = obj;
  for (const k of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  if (v === undefined || v === null || v === false) return '';
  let s = String(v);
  if (NUMERIC.has(path) && s.trim() !== '') {
    const n = parseDecimal(v);
    if (n.ok) s = formatNumber(n.value);
  }
  if (path === 'wasteMode' && s === 'uplift') return '';
  if (path === 'article' && s === 'materials') return '';
  if (path === 'outputQty' && s === '1') return '';
  return s;
}

function fieldChanges(a: unknown, b: unknown, fields: [string, string][]): FieldChange[] {
  const out: FieldChange[] = [];
  for (const [field, label] of fields) {
    const from = text(a, field);
    const to = text(b, field);
    if (from !== to) out.push({ field, label, from, to });
  }
  return out;
}

function linesDiff<T extends MaterialLine | Operation>(a: readonly T[], b: readonly T[], fields: [string, string][]): LinesDiff {
  const before = new Map(a.map((l) => [l.id, l]));
  const after = new Map(b.map((l) => [l.id, l]));
  const added = b.filter((l) => !before.has(l.id)).map((l) => ({ id: l.id, name: l.name }));
  const removed = a.filter((l) => !after.has(l.id)).map((l) => ({ id: l.id, name: l.name }));
  const changed: LineChange[] = [];
  for (const l of b) {
    const old = before.get(l.id);
    if (!old) continue;
    const changes = fieldChanges(old, l, fields);
    if (changes.length) changed.push({ id: l.id, name: l.name || old.name, changes });
  }
  return { added, removed, changed };
}

/**
 * What changed from version `a` to version `b` of a specification: header fields, and material and
 * operation lines added, removed or changed (lines are matched by their `id`; order alone is no change).
 */
export function diffSpecs(a: SpecDocument, b: SpecDocument): SpecDiff {
  const header = fieldChanges(a, b, HEADER as [string, string][]);
  const materials = linesDiff(a.materials, b.materials, MATERIAL);
  const operations = linesDiff(a.operations, b.operations, OPERATION);
  const empty = (d: LinesDiff) => !d.added.length && !d.removed.length && !d.changed.length;
  return { header, materials, operations, same: !header.length && empty(materials) && empty(operations) };
}
