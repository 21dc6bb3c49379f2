/**
 * A small lossless XML tree for Office Open XML parts (word/document.xml, headers, footers): start tags
 * are kept verbatim (attributes untouched), text is kept raw (still escaped) so that what the tidying
 * after filling (tidy.ts) does not change is written back byte for byte. Pure code, no DOM. The parser
 * is iterative; the walks recurse, so parts are checked for depth first (limits.ts).
 */

export interface XmlElement {
  type: 'el';
  /** Qualified name, e.g. `w:p`. */
  name: string;
  /** The start tag as written, e.g. `<w:t xml:space="preserve">`; for an empty element `<w:br/>`. */
  open: string;
  selfClosing: boolean;
  children: XmlNode[];
}

interface XmlText {
  type: 'text';
  /** Escaped as in the file. */
  raw: string;
}

/** Declarations, comments, CDATA, processing instructions: written back as they are. */
interface XmlOther {
  type: 'other';
  raw: string;
}

export type XmlNode = XmlElement | XmlText | XmlOther;

export class XmlParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlParseError';
  }
}

const nameOf = (tag: string): string => /^<\/?\s*([^\s/>]+)/.exec(tag)?.[1] ?? '';

/** End of the tag starting at `i` (`<`), quotes respected; -1 when unterminated. */
function tagEnd(xml: string, i: number): number {
  let quote = '';
  for (let j = i + 1; j < xml.length; j++) {
    const ch = xml[j];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '>') return j;
  }
  return -1;
}

/** Parses a document into top-level nodes; malformed markup → XmlParseError (Russian message). */
export function parseXml(xml: string): XmlNode[] {
  const root: XmlElement = { type: 'el', name: '#root', open: '', selfClosing: false, children: [] };
  const stack: XmlElement[] = [root];
  let i = 0;
  const broken = () => new XmlParseError('Файл шаблона повреждён: неверная разметка XML.');
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const top = stack[stack.length - 1]!;
    if (lt === -1 || lt > i) {
      const end = lt === -1 ? xml.length : lt;
      top.children.push({ type: 'text', raw: xml.slice(i, end) });
      i = end;
      continue;
    }
    if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i + 4);
      if (end === -1) throw broken();
      top.children.push({ type: 'other', raw: xml.slice(i, end + 3) });
      i = end + 3;
      continue;
    }
    if (xml.startsWith('<![CDATA[', i)) {
      const end = xml.indexOf(']]>', i + 9);
      if (end === -1) throw broken();
      top.children.push({ type: 'other', raw: xml.slice(i, end + 3) });
      i = end + 3;
      continue;
    }
    const end = tagEnd(xml, i);
    if (end === -1) throw broken();
    const tag = xml.slice(i, end + 1);
    i = end + 1;
    if (tag.startsWith('<?') || tag.startsWith('<!')) {
      top.children.push({ type: 'other', raw: tag });
    } else if (tag.startsWith('</')) {
      const name = nameOf(tag);
      if (top === root || top.name !== name) throw broken();
      stack.pop();
    } else {
      const selfClosing = /\/\s*>$/.test(tag);
      const el: XmlElement = { type: 'el', name: nameOf(tag), open: tag, selfClosing, children: [] };
      top.children.push(el);
      if (!selfClosing) stack.push(el);
    }
  }
  if (stack.length !== 1) throw broken();
  return root.children;
}

export function serializeXml(nodes: readonly XmlNode[]): string {
  let out = '';
  const walk = (list: readonly XmlNode[]) => {
    for (const n of list) {
      if (n.type !== 'el') {
        out += n.raw;
        continue;
      }
      out += n.open;
      if (n.selfClosing) continue;
      walk(n.children);
      out += `</${n.name}>`;
    }
  };
  walk(nodes);
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(raw: string): string {
  return raw.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (m, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
    return ENTITIES[e] ?? m;
  });
}

/** Escapes text for element content; characters XML 1.0 forbids are dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The element's text content (unescaped), all descendants. */
export function textOf(node: XmlNode): string {
  if (node.type === 'text') return unescapeXml(node.raw);
  if (node.type === 'other') return '';
  return node.children.map(textOf).join('');
}

/** Every element named `name` under `nodes`, in document order; `stopAt` names are not descended into. */
export function findAll(nodes: readonly XmlNode[], name: string, stopAt: readonly string[] = []): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (list: readonly XmlNode[]) => {
    for (const n of list) {
      if (n.type !== 'el') continue;
      if (n.name === name) out.push(n);
      if (!stopAt.includes(n.name)) walk(n.children);
    }
  };
  walk(nodes);
  return out;
}
