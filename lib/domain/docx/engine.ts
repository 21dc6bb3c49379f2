import Docxtemplater from 'docxtemplater';
import { isTemplateFilter, TEMPLATE_FILTERS, type TemplateFilter } from './values';

/**
 * docxtemplater set up with the app's syntax. The library finds tags across runs (Word splits what the
 * user typed: `{compa` + `ny.name}`, proofing marks and bookmarks between), pairs loops and expands them
 * to a table row or to paragraphs; this file adds the tag grammar, conditions and Russian errors.
 *
 * Grammar (one matcher of the highest priority decides every tag, so no other syntax of the library —
 * raw XML `{@x}`, delimiter change `{=…=}`, `{-w:p x}` — is active; such text stays as typed):
 * - `{name}`, `{name|format}` — a value; a name is `word(.word)*` (letters, digits, `_`).
 * - `{#name}` a loop, `{?name}` a condition (shown when filled), `{^name}` an inverted one, `{/name}` the end.
 * - Anything else in braces, and lone braces, is plain text.
 */

export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

export type SectionKind = '#' | '?' | '^';

/** A tag's parsed content: a dotted name and an optional format. */
export interface TagSpec {
  name: string;
  filter?: TemplateFilter;
  /** The tag as written, for messages: `{total|words}`. */
  raw: string;
}

const NAME = /^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}\p{N}_]+)*$/u;
const SECTION = /^\s*([#?^/])\s*([\s\S]*?)\s*$/;

/** A value tag's content → its spec; null when it is not a tag (the braces stay as text). */
export function parseValueTag(content: string): TagSpec | null {
  const bar = content.indexOf('|');
  const name = (bar < 0 ? content : content.slice(0, bar)).trim();
  if (!NAME.test(name)) return null;
  const raw = `{${content.trim()}}`;
  if (bar < 0) return { name, raw };
  const filter = content.slice(bar + 1).trim();
  if (!isTemplateFilter(filter)) {
    throw new TemplateError(`Неизвестный формат «|${filter}» в ${raw}. Допустимы: ${Object.keys(TEMPLATE_FILTERS).join(', ')}.`);
  }
  return { name, filter, raw };
}

/** A section tag's name; a format on it, or a bad name → TemplateError. */
function sectionName(kind: string, content: string): string {
  const raw = `{${kind}${content}}`;
  if (content.includes('|')) throw new TemplateError(`У тега ${raw} не бывает формата: формат пишут у поля.`);
  if (!NAME.test(content)) throw new TemplateError(`В теге ${raw} неверное имя: буквы, цифры и «_», части через точку.`);
  return content;
}

/** Parts of docxtemplater's parse tree the app reads. */
export interface DtPart {
  type: string;
  value: string;
  module?: string | null;
  kind?: SectionKind | '/';
  /** The name of a section (its `value` gets the kind in front for conditions, see `markConditions`). */
  name?: string;
  subparsed?: DtPart[];
}

/** A loop or condition (its opening tag, holding the parts inside); null for anything else. */
export function sectionOf(part: DtPart): { kind: SectionKind; name: string } | null {
  if (part.module !== 'loop' || part.name === undefined || part.kind === undefined || part.kind === '/') return null;
  return { kind: part.kind, name: part.name };
}

interface ParserContext {
  num: number;
  scopePath: string[];
}
export type Getter = (scope: unknown, ctx: ParserContext) => unknown;
export type TagParser = (part: DtPart) => Getter;

/**
 * After loops are paired, a condition's `value` becomes `?name` / `^name`: the scope path the library
 * keeps then tells conditions (which open no list) from loops.
 */
function markConditions(parsed: DtPart[]): DtPart[] {
  for (const p of parsed) {
    if (p.module !== 'loop' || !p.subparsed || p.name === undefined) continue;
    if ((p.kind === '?' || p.kind === '^') && p.value === p.name) p.value = p.kind + p.name;
  }
  return parsed;
}

interface CompileState {
  /** Section kinds by name, for the messages about unbalanced tags. */
  kinds: Map<string, SectionKind>;
}

function syntaxModule(st: CompileState) {
  return {
    name: 'KalkulusSyntax',
    matchers: () => [
      [
        /^([\s\S]*)$/,
        null,
        (values: string[]) => {
          const content = values[1] ?? '';
          const m = SECTION.exec(content);
          if (!m) return { priority: 1000, module: null, value: content };
          const kind = m[1] as SectionKind | '/';
          const name = sectionName(kind, m[2]!);
          if (kind === '/') return { priority: 1000, module: 'loop', location: 'end', kind, name, value: name };
          if (!st.kinds.has(name)) st.kinds.set(name, kind);
          return { priority: 1000, module: 'loop', location: 'start', expandTo: 'auto', inverted: kind === '^', kind, name, value: name };
        },
      ],
    ],
    postparse: (parsed: DtPart[]) => markConditions(parsed),
  };
}

/** A package of one templated part, in memory: the few calls of a zip docxtemplater makes. */
function memoryZip(xml: string) {
  const texts = new Map<string, string>([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    ['word/document.xml', xml],
  ]);
  const entry = (name: string) => ({ name, dir: false, asText: () => texts.get(name) ?? '' });
  const zip = {
    get files() {
      return Object.fromEntries([...texts.keys()].map((n) => [n, entry(n)]));
    },
    file(name: string | RegExp, content?: string | Uint8Array) {
      if (name instanceof RegExp) return [...texts.keys()].filter((n) => name.test(n)).map(entry);
      if (content !== undefined) {
        texts.set(name, typeof content === 'string' ? content : new TextDecoder().decode(content));
        return zip;
      }
      return texts.has(name) ? entry(name) : null;
    },
    remove(name: string) {
      texts.delete(name);
      return zip;
    },
  };
  return { zip, text: (name: string) => texts.get(name) ?? '' };
}

interface DtError {
  message?: string;
  properties?: { id?: string; xtag?: string; openingtag?: string; closingtag?: string; rootError?: unknown; errors?: DtError[]; context?: string };
}

const what = (kind: SectionKind | undefined) => (kind === '#' || kind === undefined ? 'Цикл' : 'Раздел-условие');

/** docxtemplater's error → TemplateError with a Russian message. */
function templateErrorOf(e: unknown, st: CompileState): unknown {
  if (e instanceof TemplateError) return e;
  const first = ((e as DtError)?.properties?.errors ?? [e as DtError])[0];
  const p = first?.properties;
  if (!p) return e;
  if (p.rootError instanceof TemplateError) return p.rootError;
  const kind = (n: string | undefined) => (n === undefined ? '#' : (st.kinds.get(n) ?? '#'));
  switch (p.id) {
    case 'unclosed_loop':
      return new TemplateError(`${what(st.kinds.get(p.xtag!))} {${kind(p.xtag)}${p.xtag}} не закрыт: добавьте {/${p.xtag}}.`);
    case 'unopened_loop':
      return new TemplateError(`Тег {/${p.xtag}} закрывает цикл или условие, которые не открыты.`);
    case 'closing_tag_does_not_match_opening_tag':
      return new TemplateError(
        `${what(st.kinds.get(p.openingtag!))} {${kind(p.openingtag)}${p.openingtag}} закрыт тегом {/${p.closingtag}}: ожидался {/${p.openingtag}}.`,
      );
    case 'unbalanced_loop_tags':
    case 'loop_position_invalid':
      return new TemplateError('Циклы и условия стоят так, что документ не собрать: внутренний должен закрываться раньше внешнего, а цикл по строкам таблицы — в одной строке.');
    default:
      return new TemplateError(`Неверный тег в шаблоне${p.context || p.xtag ? ` «${(p.context ?? p.xtag)!.slice(0, 60)}»` : ''}.`);
  }
}

const OPTIONS = {
  paragraphLoop: true,
  errorLogging: false,
  stripInvalidXMLChars: true,
  syntax: { allowUnopenedTag: true, allowUnclosedTag: true, changeDelimiterPrefix: null },
} as const;

/** The compiled tag tree of one part (for listing its fields). */
export function compilePart(xml: string): DtPart[] {
  const st: CompileState = { kinds: new Map() };
  const { zip } = memoryZip(xml);
  try {
    const doc = new Docxtemplater(zip as never, { ...OPTIONS, modules: [syntaxModule(st)] } as never);
    const compiled = (doc as unknown as { compiled: Record<string, { postparsed: DtPart[] }> }).compiled;
    return compiled['word/document.xml']?.postparsed ?? [];
  } catch (e) {
    throw templateErrorOf(e, st);
  }
}

/** One part filled: `parse` makes the getter of each tag (called once per tag, values by scope). */
export function renderPart(xml: string, parse: TagParser, nullValue: (part: DtPart) => unknown, data: object): string {
  const st: CompileState = { kinds: new Map() };
  const { zip, text } = memoryZip(xml);
  try {
    const doc = new Docxtemplater(zip as never, {
      ...OPTIONS,
      modules: [syntaxModule(st)],
      parser: (_tag: string, meta: { tag: DtPart }) => ({ get: parse(meta.tag) }),
      nullGetter: nullValue,
    } as never);
    doc.render(data);
  } catch (e) {
    throw templateErrorOf(e, st);
  }
  return text('word/document.xml');
}
