import { compilePart, renderPart, sectionOf, TemplateError, parseValueTag, type DtPart, type Getter, type TagSpec } from './engine';
import { formatValue } from './format';
import { checkPart, checkTags, MAX_LOOP_ITEMS, MAX_LOOP_PARTS, tooLarge, tooManyItems } from './limits';
import { markConditionParagraphs, tidyFilled } from './tidy';
import { FILTER_TYPE, isDate, isMoney, TemplateValueError, type FieldType, type TemplateData, type TemplateValue } from './values';
import { findAll, parseXml, textOf } from './xml';

export { TemplateError } from './engine';

/**
 * The DOCX template engine: fills placeholders in WordprocessingML parts (word/document.xml, headers,
 * footers). Pure: takes the parts' XML text and the data, returns the filled XML text. The tags are
 * found and laid out by docxtemplater (engine.ts); this file gives them the app's meaning.
 *
 * - `{company.name}` — a value; `{cost.total|words}` — with a format (money, num, words, date, dateLong,
 *   dateWords, upper, gen, dat, fioGen, fioDat, initials; see values.ts).
 * - `{#items}…{/items}` — a loop over a list: both tags in one table row repeat the row; each alone in
 *   its paragraph — the paragraphs between (the tag paragraphs are dropped); in one paragraph — the text
 *   between. Inside, names are looked up in the item first, then outside. A filled non-list works as a
 *   condition (a group becomes the item).
 * - `{?x}…{/x}` — shown when `x` is filled (not empty, not spaces, not `false`, not an empty list);
 *   `{^x}…{/x}` — when it is empty. Same placement; no item is opened. A paragraph holding a condition
 *   that comes out empty is dropped, so a phrase with no data leaves neither text nor an empty line.
 * - Missing values print empty and are reported (`items.price` inside the loop `items`).
 */

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === false || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** The value at a dotted name within one scope (a list item, a group or the data). */
function valueIn(scope: unknown, name: string): TemplateValue | undefined {
  let v: unknown = scope;
  for (const key of name.split('.')) {
    if (v === null || typeof v !== 'object' || Array.isArray(v) || isMoney(v) || isDate(v)) return undefined;
    v = Object.hasOwn(v, key) ? (v as TemplateData)[key] : undefined;
  }
  return v as TemplateValue | undefined;
}

/** The loops a name stands in, as its prefix in the missing list (conditions open no list). */
const prefixOf = (path: readonly string[]) =>
  path
    .filter((p) => !p.startsWith('?') && !p.startsWith('^'))
    .map((p) => `${p}.`)
    .join('');

interface RenderState {
  missing: Set<string>;
  /** Pieces of loop blocks produced so far (see MAX_LOOP_PARTS). */
  produced: number;
  /** Items of lists looped over so far, each time a loop is reached (see MAX_LOOP_ITEMS). */
  items: number;
}

function getter(part: DtPart, st: RenderState): Getter {
  const { missing } = st;
  const section = sectionOf(part);
  if (section) {
    const { kind, name } = section;
    return (scope, ctx) => {
      const v = valueIn(scope, name);
      if (v === undefined && ctx.num > 0) return undefined; // looked up in the outer scope next
      if (kind !== '#') return !isEmpty(v);
      if (v === undefined) missing.add(prefixOf(ctx.scopePath) + name);
      if (isEmpty(v)) return false;
      if (Array.isArray(v)) {
        st.items += v.length;
        if (st.items > MAX_LOOP_ITEMS) throw tooManyItems();
        st.produced += v.length * Math.max(1, part.subparsed?.length ?? 0);
        if (st.produced > MAX_LOOP_PARTS) throw tooLarge();
        return v;
      }
      return typeof v === 'object' && !isMoney(v) && !isDate(v) ? v : true;
    };
  }
  const tag = parseValueTag(part.value);
  if (!tag) return () => `{${part.value}}`;
  return (scope, ctx) => {
    const v = valueIn(scope, tag.name);
    if (v === undefined && ctx.num > 0) return undefined;
    if (v === undefined || v === null || v === '') {
      missing.add(prefixOf(ctx.scopePath) + tag.name);
      return '';
    }
    try {
      return formatValue(v, tag.filter, tag.raw).replaceAll('\n', LINE_BREAK);
    } catch (e) {
      if (e instanceof TemplateValueError || e instanceof RangeError) throw new TemplateError(e.message);
      throw e;
    }
  };
}

/**
 * A line break in a value: a noncharacter no document holds, turned into `<w:br/>` inside the same run
 * after filling (the run keeps its formatting for both lines).
 */
const LINE_BREAK = '\ufdd0';
const BREAK_XML = '</w:t><w:br/><w:t xml:space="preserve">';

export interface RenderResult {
  /** The filled parts, in the order given. */
  parts: string[];
  /** Placeholders left empty (no value): `company.kpp`, `items.price` inside a loop. */
  missing: string[];
}

/** Fills the parts (document, headers, footers) with `data`. Broken templates → TemplateError. */
export function renderTemplate(parts: readonly string[], data: TemplateData): RenderResult {
  parts.forEach(checkPart);
  checkTags(parts);
  const st: RenderState = { missing: new Set(), produced: 0, items: 0 };
  const out = parts.map((xml) => {
    const filled = renderPart(markConditionParagraphs(xml), (part) => getter(part, st), (part) => (part.module ? false : ''), data);
    return tidyFilled(filled.replaceAll(LINE_BREAK, BREAK_XML));
  });
  return { parts: out, missing: [...st.missing].sort() };
}

export interface TemplateField {
  name: string;
  /** Formats it is printed with (`''` = as is). */
  filters: string[];
  type: FieldType;
  /** Every occurrence stands inside a condition `{?x}…{/x}`: with no value its phrase is left out. */
  optional: boolean;
}

interface TemplateLoop {
  name: string;
  fields: TemplateField[];
}

export interface TemplateFields {
  /** Top-level placeholders, in the order of first appearance. */
  fields: TemplateField[];
  /** Loops (top level), each with the placeholders inside it. */
  loops: TemplateLoop[];
}

/** Fields in the order of first appearance, found by name at once (a template may hold thousands). */
class FieldList {
  readonly list: TemplateField[] = [];
  private readonly byName = new Map<string, TemplateField>();

  add(tag: TagSpec, inCondition: boolean): void {
    let f = this.byName.get(tag.name);
    if (!f) {
      f = { name: tag.name, filters: [], type: 'text', optional: inCondition };
      this.byName.set(tag.name, f);
      this.list.push(f);
    }
    if (!inCondition) f.optional = false;
    const filter = tag.filter ?? '';
    // At most one entry per format: the list of a field stays as short as the formats there are.
    if (!f.filters.includes(filter)) f.filters.push(filter);
    if (tag.filter && f.type === 'text') f.type = FILTER_TYPE[tag.filter];
  }
}

/**
 * The placeholders of the parts, for the form; a broken template → TemplateError. Fields of a condition
 * belong to the enclosing list (or the document) and are `optional` unless also used outside conditions;
 * loops inside loops are not listed (their rows come from the data).
 */
export function listTemplateFields(parts: readonly string[]): TemplateFields {
  parts.forEach(checkPart);
  checkTags(parts);
  const fields = new FieldList();
  const loops = new Map<string, FieldList>();
  const walk = (list: readonly DtPart[], into: FieldList | null, inLoop: boolean, inCondition: boolean) => {
    for (const part of list) {
      if (part.type !== 'placeholder') continue;
      const section = sectionOf(part);
      if (!section) {
        const tag = parseValueTag(part.value);
        if (tag && into) into.add(tag, inCondition);
        continue;
      }
      const sub = part.subparsed ?? [];
      if (section.kind !== '#') walk(sub, into, inLoop, true);
      else if (inLoop) walk(sub, null, true, inCondition);
      else {
        let loop = loops.get(section.name);
        if (!loop) loops.set(section.name, (loop = new FieldList()));
        walk(sub, loop, true, inCondition);
      }
    }
  };
  for (const xml of parts) walk(compilePart(xml), fields, false, false);
  return { fields: fields.list, loops: [...loops].map(([name, l]) => ({ name, fields: l.list })) };
}

/** The plain text of a part, paragraphs on separate lines (for checks and previews). */
export function documentText(xml: string): string {
  return findAll(parseXml(xml), 'w:p', ['w:p'])
    .map((p) => findAll(p.children, 'w:t', ['w:p']).map(textOf).join(''))
    .join('\n');
}
