import {
  FILTER_TYPE,
  TemplateValueError,
  isDate,
  isMoney,
  isTemplateFilter,
  TEMPLATE_FILTERS,
  type FieldType,
  type TemplateData,
  type TemplateFilter,
  type TemplateValue,
} from './values';
import { formatValue } from './format';
import { cloneNode, escapeXml, findAll, parseXml, serializeXml, textOf, type XmlElement, type XmlNode } from './xml';

/**
 * The DOCX template engine: fills placeholders in WordprocessingML parts (word/document.xml, headers,
 * footers). Pure: takes the parts' XML text and the data, returns the filled XML text.
 *
 * Syntax, in the document text:
 * - `{company.name}` — a value; `{cost.total|words}` — with a format (money, num, words, date, dateLong,
 *   dateWords, upper; see values.ts).
 * - `{#items}…{/items}` — a loop over a list: when both tags stand in one table row the row is repeated;
 *   in one paragraph — the runs between them; otherwise the paragraphs (and tables) from the opening tag's
 *   to the closing tag's; a paragraph holding nothing but a loop tag is dropped. Inside, names are looked
 *   up in the item first, then outside. A non-list value works as a condition (shown once when filled).
 * - `{?x}…{/x}` — a condition: the text between is shown when `x` is filled (not empty, not «нет»), and
 *   `{^x}…{/x}` — when it is empty. Same placement rules as loops; inside, names are looked up as outside
 *   (the fields are the document's own, not a list's). A paragraph holding a condition that comes out
 *   empty is dropped, so a phrase with no data leaves neither text nor an empty line.
 *
 * Word often splits what the user typed into several runs (`{compa` + `ny.name}`): before matching, the
 * text of each paragraph is joined and every placeholder is moved whole into the run where it starts.
 */

export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

type Section = 'loop' | 'if' | 'unless';

interface TagMatch {
  kind: 'value' | 'open' | 'close';
  /** For `open`: a loop `{#x}`, a condition `{?x}` or an inverted condition `{^x}`. */
  section?: Section;
  name: string;
  filter?: TemplateFilter;
  raw: string;
  index: number;
}

const TAG_RE = /\{\s*([#/?^]?)\s*([\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}\p{N}_]+)*)\s*(?:\|\s*([\p{L}\p{N}_]+)\s*)?\}/gu;

function tagsIn(text: string): TagMatch[] {
  const out: TagMatch[] = [];
  for (const m of text.matchAll(TAG_RE)) {
    const filter = m[3];
    if (filter !== undefined && !isTemplateFilter(filter)) {
      throw new TemplateError(`Неизвестный формат «|${filter}» в ${m[0]}. Допустимы: ${Object.keys(TEMPLATE_FILTERS).join(', ')}.`);
    }
    if (filter !== undefined && m[1]) throw new TemplateError(`У тега ${m[0]} не бывает формата: формат пишут у поля.`);
    const section = m[1] === '#' ? 'loop' : m[1] === '?' ? 'if' : m[1] === '^' ? 'unless' : undefined;
    out.push({
      kind: section ? 'open' : m[1] === '/' ? 'close' : 'value',
      section,
      name: m[2]!,
      filter: filter as TemplateFilter | undefined,
      raw: m[0],
      index: m.index,
    });
  }
  return out;
}

/** Sets the text of a `w:t` (keeping its attributes, adding `xml:space="preserve"`). */
function setText(t: XmlElement, text: string): void {
  let open = t.selfClosing ? t.open.replace(/\s*\/\s*>$/, '>') : t.open;
  if (!/xml:space\s*=/.test(open)) open = open.replace(/^<w:t\b/, '<w:t xml:space="preserve"');
  t.open = open;
  t.selfClosing = false;
  const lines = text.split('\n');
  t.children = [{ type: 'text', raw: lines.map(escapeXml).join('</w:t><w:br/><w:t xml:space="preserve">') }];
}

/** Moves every placeholder of a paragraph whole into the `w:t` where it starts. */
function normalizeParagraph(p: XmlElement): void {
  const texts = findAll(p.children, 'w:t', ['w:p']);
  if (texts.length < 2) return;
  const parts = texts.map(textOf);
  const joined = parts.join('');
  if (!joined.includes('{')) return;
  const starts: number[] = [];
  let at = 0;
  for (const s of parts) {
    starts.push(at);
    at += s.length;
  }
  const nodeAt = (pos: number) => {
    let i = 0;
    while (i + 1 < starts.length && starts[i + 1]! <= pos) i++;
    return i;
  };
  const changed = new Set<number>();
  const tags = [...joined.matchAll(TAG_RE)];
  // Right to left: what is already moved lies after the current tag and keeps its offsets.
  for (const m of tags.reverse()) {
    const a = m.index;
    const b = a + m[0].length;
    const ia = nodeAt(a);
    const ib = nodeAt(b - 1);
    if (ia === ib) continue;
    parts[ia] = parts[ia]!.slice(0, a - starts[ia]!) + m[0];
    for (let i = ia + 1; i < ib; i++) parts[i] = '';
    parts[ib] = parts[ib]!.slice(b - starts[ib]!);
    for (let i = ia; i <= ib; i++) changed.add(i);
  }
  for (const i of changed) setText(texts[i]!, parts[i]!);
}

interface Occurrence {
  t: XmlElement;
  tag: TagMatch;
}

/** Every tag of the parts, in document order, with the `w:t` holding it. */
function occurrences(nodes: readonly XmlNode[]): Occurrence[] {
  const out: Occurrence[] = [];
  for (const t of findAll(nodes, 'w:t')) for (const tag of tagsIn(textOf(t))) out.push({ t, tag });
  return out;
}

const what = (t: TagMatch) => (t.section === 'loop' ? 'Цикл' : 'Раздел-условие');

/** Loop pairs in document order (outer before inner); unbalanced tags → TemplateError. */
function pairLoops(occ: readonly Occurrence[]): [Occurrence, Occurrence][] {
  const stack: Occurrence[] = [];
  const pairs: [Occurrence, Occurrence][] = [];
  for (const o of occ) {
    if (o.tag.kind === 'open') stack.push(o);
    else if (o.tag.kind === 'close') {
      const top = stack.pop();
      if (!top) throw new TemplateError(`Тег ${o.tag.raw} закрывает цикл или условие, которые не открыты.`);
      if (top.tag.name !== o.tag.name) {
        throw new TemplateError(`${what(top.tag)} ${top.tag.raw} закрыт тегом ${o.tag.raw}: ожидался {/${top.tag.name}}.`);
      }
      pairs.push([top, o]);
    }
  }
  const open = stack.pop();
  if (open) throw new TemplateError(`${what(open.tag)} ${open.tag.raw} не закрыт: добавьте {/${open.tag.name}}.`);
  return pairs.sort((x, y) => occ.indexOf(x[0]) - occ.indexOf(y[0]));
}

/** Ancestors of `target` from the root list (the virtual root first), or null. */
function pathTo(root: XmlElement, target: XmlElement): XmlElement[] | null {
  if (root === target) return [root];
  for (const c of root.children) {
    if (c.type !== 'el') continue;
    const p = pathTo(c, target);
    if (p) return [root, ...p];
  }
  return null;
}

function removeTagText(t: XmlElement, raw: string, last: boolean): void {
  const text = textOf(t);
  const at = last ? text.lastIndexOf(raw) : text.indexOf(raw);
  if (at < 0) return;
  setText(t, text.slice(0, at) + text.slice(at + raw.length));
}

const hasContent = (p: XmlElement) => textOf(p).trim() !== '' || findAll(p.children, 'w:drawing').length > 0 || findAll(p.children, 'w:pict').length > 0;

/** Wraps each loop's block in a `#loop` element (row, runs or paragraphs), removing the loop tags. */
function buildLoops(root: XmlElement): void {
  const occ = occurrences(root.children);
  for (const [open, close] of pairLoops(occ)) {
    if (open.t === close.t) continue; // both in one piece of text: repeated by renderText
    const pa = pathTo(root, open.t);
    const pb = pathTo(root, close.t);
    if (!pa || !pb) continue;
    let k = 0;
    while (k < pa.length && k < pb.length && pa[k] === pb[k]) k++;
    const lca = pa[k - 1]!;
    let parent: XmlElement;
    let from: number;
    let to: number;
    if (lca.name === 'w:tr') {
      const rowParent = pa[k - 2]!;
      parent = rowParent;
      from = to = rowParent.children.indexOf(lca);
    } else {
      parent = lca;
      from = lca.children.indexOf(pa[k]!);
      to = lca.children.indexOf(pb[k]!);
    }
    removeTagText(open.t, open.tag.raw, false);
    removeTagText(close.t, close.tag.raw, true);
    let block = parent.children.slice(from, to + 1);
    if (lca.name !== 'w:tr' && lca.name !== 'w:p') {
      const first = block[0];
      const lastNode = block[block.length - 1];
      block = block.filter((n) => !((n === first || n === lastNode) && n.type === 'el' && n.name === 'w:p' && !hasContent(n)));
    }
    const loop: XmlElement = { type: 'el', name: '#loop', open: '', selfClosing: false, children: block, loop: open.tag.name };
    if (open.tag.section !== 'loop') loop.cond = open.tag.section;
    parent.children.splice(from, to - from + 1, loop);
  }
}

type Scope = TemplateValue;

function lookup(scopes: readonly Scope[], name: string): TemplateValue | undefined {
  const path = name.split('.');
  for (const s of scopes) {
    let v: TemplateValue | undefined = s;
    for (const key of path) {
      if (v === null || v === undefined || typeof v !== 'object' || Array.isArray(v) || isMoney(v) || isDate(v)) {
        v = undefined;
        break;
      }
      v = (v as TemplateData)[key];
    }
    if (v !== undefined) return v;
  }
  return undefined;
}

const isEmpty = (v: TemplateValue | undefined) =>
  v === undefined || v === null || v === false || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

const scopeOf = (item: TemplateValue): Scope => item;

interface RenderState {
  missing: Set<string>;
}

/** A text with placeholders (and loops wholly inside it) filled. */
function renderText(text: string, scopes: readonly Scope[], st: RenderState, prefix: string): string {
  const tags = tagsIn(text);
  if (tags.length === 0) return text;
  let out = '';
  let at = 0;
  for (let i = 0; i < tags.length; i++) {
    const tag = tags[i]!;
    out += text.slice(at, tag.index);
    at = tag.index + tag.raw.length;
    if (tag.kind === 'close') continue; // a loop closed in another run: its tag is just removed
    if (tag.kind === 'open') {
      let depth = 0;
      let j = i + 1;
      for (; j < tags.length; j++) {
        const t = tags[j]!;
        if (t.name === tag.name && t.kind === 'open') depth++;
        if (t.name === tag.name && t.kind === 'close') {
          if (depth === 0) break;
          depth--;
        }
      }
      if (j === tags.length) continue; // its end is elsewhere: already a block loop
      const inner = text.slice(at, tags[j]!.index);
      if (tag.section === 'loop') out += repeat(tag.name, scopes, st, prefix, (s) => renderText(inner, s, st, `${prefix}${tag.name}.`)).join('');
      else if (shown(tag.section!, scopes, tag.name)) out += renderText(inner, scopes, st, prefix);
      at = tags[j]!.index + tags[j]!.raw.length;
      i = j;
      continue;
    }
    const v = lookup(scopes, tag.name);
    if (v === undefined || v === null || v === '') {
      st.missing.add(prefix + tag.name);
      continue;
    }
    try {
      out += formatValue(v, tag.filter, tag.raw);
    } catch (e) {
      if (e instanceof TemplateValueError || e instanceof RangeError) throw new TemplateError(e.message);
      throw e;
    }
  }
  return out + text.slice(at);
}

/** Whether a condition's block is shown: `if` — the value is filled, `unless` — it is empty. */
const shown = (cond: 'if' | 'unless', scopes: readonly Scope[], name: string) => isEmpty(lookup(scopes, name)) === (cond === 'unless');

/** One rendering per item of a list (a filled non-list: once; empty: none). */
function repeat<T>(name: string, scopes: readonly Scope[], st: RenderState, prefix: string, render: (s: readonly Scope[]) => T): T[] {
  const v = lookup(scopes, name);
  if (isEmpty(v)) {
    if (v === undefined) st.missing.add(prefix + name);
    return [];
  }
  if (Array.isArray(v)) return v.map((item) => render([scopeOf(item), ...scopes]));
  return [render(typeof v === 'object' && !isMoney(v) && !isDate(v) ? [v, ...scopes] : scopes)];
}

function renderNodes(nodes: readonly XmlNode[], scopes: readonly Scope[], st: RenderState, prefix: string): XmlNode[] {
  const out: XmlNode[] = [];
  for (const n of nodes) {
    if (n.type !== 'el') {
      out.push(n);
      continue;
    }
    if (n.loop !== undefined && n.cond) {
      if (shown(n.cond, scopes, n.loop)) out.push(...renderNodes(n.children.map(cloneNode), scopes, st, prefix));
      continue;
    }
    if (n.loop !== undefined) {
      const name = n.loop;
      for (const copy of repeat(name, scopes, st, prefix, (s) => renderNodes(n.children.map(cloneNode), s, st, `${prefix}${name}.`))) out.push(...copy);
      continue;
    }
    if (n.name === 'w:t') {
      const text = textOf(n);
      const t = { ...n };
      if (text.includes('{')) setText(t, renderText(text, scopes, st, prefix));
      out.push(t);
      continue;
    }
    const children = renderNodes(n.children, scopes, st, prefix);
    // Word refuses a table without rows and a cell without a paragraph: an emptied loop must not leave them.
    if (n.name === 'w:tbl' && !children.some((c) => c.type === 'el' && c.name === 'w:tr')) continue;
    if (n.dropIfEmpty && !hasContent({ ...n, children })) continue;
    if (n.name === 'w:tc' && !children.some((c) => c.type === 'el' && (c.name === 'w:p' || c.name === 'w:tbl'))) {
      children.push({ type: 'el', name: 'w:p', open: '<w:p/>', selfClosing: true, children: [] });
    }
    out.push({ ...n, children });
  }
  return out;
}

function prepare(xml: string): XmlElement {
  const root: XmlElement = { type: 'el', name: '#root', open: '', selfClosing: false, children: parseXml(xml) };
  for (const p of findAll(root.children, 'w:p')) {
    normalizeParagraph(p);
    if (tagsIn(findAll(p.children, 'w:t', ['w:p']).map(textOf).join('')).some((t) => t.section === 'if' || t.section === 'unless')) p.dropIfEmpty = true;
  }
  return root;
}

export interface RenderResult {
  /** The filled parts, in the order given. */
  parts: string[];
  /** Placeholders left empty (no value): `company.kpp`, `items.price` inside a loop. */
  missing: string[];
}

/** Fills the parts (document, headers, footers) with `data`. Broken templates → TemplateError. */
export function renderTemplate(parts: readonly string[], data: TemplateData): RenderResult {
  const st: RenderState = { missing: new Set() };
  const out = parts.map((xml) => {
    const root = prepare(xml);
    buildLoops(root);
    return serializeXml(renderNodes(root.children, [data], st, ''));
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

export interface TemplateLoop {
  name: string;
  fields: TemplateField[];
}

export interface TemplateFields {
  /** Top-level placeholders, in the order of first appearance. */
  fields: TemplateField[];
  /** Loops (top level), each with the placeholders inside it. */
  loops: TemplateLoop[];
}

function addField(list: TemplateField[], tag: TagMatch, inCondition: boolean): void {
  let f = list.find((x) => x.name === tag.name);
  if (!f) {
    f = { name: tag.name, filters: [], type: 'text', optional: inCondition };
    list.push(f);
  }
  if (!inCondition) f.optional = false;
  const filter = tag.filter ?? '';
  if (!f.filters.includes(filter)) f.filters.push(filter);
  if (tag.filter && f.type === 'text') f.type = FILTER_TYPE[tag.filter];
}

/** The placeholders of the parts, for the form; a broken template → TemplateError. */
export function listTemplateFields(parts: readonly string[]): TemplateFields {
  const fields: TemplateField[] = [];
  const loops: TemplateLoop[] = [];
  for (const xml of parts) {
    const root = prepare(xml);
    const occ = occurrences(root.children);
    pairLoops(occ);
    // Open sections: a loop, or null for a condition (its fields belong to the enclosing list).
    const stack: (TemplateLoop | null)[] = [];
    for (const { tag } of occ) {
      const loopsOpen = stack.filter((x): x is TemplateLoop => x !== null);
      if (tag.kind === 'open' && tag.section !== 'loop') stack.push(null);
      else if (tag.kind === 'open') {
        let loop = loopsOpen.length === 0 ? loops.find((l) => l.name === tag.name) : undefined;
        if (!loop) {
          loop = { name: tag.name, fields: [] };
          if (loopsOpen.length === 0) loops.push(loop);
        }
        stack.push(loop);
      } else if (tag.kind === 'close') stack.pop();
      else addField(loopsOpen.length ? loopsOpen[loopsOpen.length - 1]!.fields : fields, tag, stack.includes(null));
    }
  }
  return { fields, loops };
}

/** The plain text of a part, paragraphs on separate lines (for checks and previews). */
export function documentText(xml: string): string {
  return findAll(parseXml(xml), 'w:p', ['w:p'])
    .map((p) => findAll(p.children, 'w:t', ['w:p']).map(textOf).join(''))
    .join('\n');
}
