import { findAll, parseXml, serializeXml, textOf, type XmlElement, type XmlNode } from './xml';

/**
 * What Word expects of a filled document, which a template engine does not know: a paragraph whose
 * condition came out empty goes away (a phrase with no data leaves neither text nor an empty line), a
 * table left without rows goes away, and a cell keeps at least one paragraph.
 *
 * `markConditionParagraphs` runs on the template: each paragraph holding a `{?x}` / `{^x}` tag gets the
 * attribute `MARK`; `tidyFilled` runs on the result, drops the marked paragraphs without content and
 * removes the attribute.
 */

const MARK = 'kalkulus-cond="1"';
const CONDITION = /\{\s*[?^]/;

export function markConditionParagraphs(xml: string): string {
  if (!CONDITION.test(xml)) return xml;
  const nodes = parseXml(xml);
  for (const p of findAll(nodes, 'w:p')) {
    if (p.selfClosing) continue;
    const text = findAll(p.children, 'w:t', ['w:p']).map(textOf).join('');
    if (CONDITION.test(text)) p.open = p.open.replace(/^<w:p\b/, `<w:p ${MARK}`);
  }
  return serializeXml(nodes);
}

const hasContent = (p: XmlElement) => textOf(p).trim() !== '' || findAll(p.children, 'w:drawing').length > 0 || findAll(p.children, 'w:pict').length > 0;
const isEl = (n: XmlNode, name: string): n is XmlElement => n.type === 'el' && n.name === name;

function tidyNodes(nodes: readonly XmlNode[]): XmlNode[] {
  const out: XmlNode[] = [];
  for (const n of nodes) {
    if (n.type !== 'el') {
      out.push(n);
      continue;
    }
    const children = tidyNodes(n.children);
    if (n.name === 'w:p' && n.open.includes(MARK)) {
      const el = { ...n, open: n.open.replace(` ${MARK}`, ''), children };
      if (hasContent(el)) out.push(el);
      continue;
    }
    if (n.name === 'w:tbl' && !children.some((c) => isEl(c, 'w:tr'))) continue;
    if (n.name === 'w:tc') {
      const blocks = children.filter((c): c is XmlElement => isEl(c, 'w:p') || isEl(c, 'w:tbl'));
      const only = blocks[0];
      // An emptied loop in a cell: an empty paragraph, written short as Word does.
      if (!only || (blocks.length === 1 && only.name === 'w:p' && only.open === '<w:p>' && only.children.length === 0)) {
        const rest = children.filter((c) => c.type !== 'el' || !blocks.includes(c));
        out.push({ ...n, children: [...rest, { type: 'el', name: 'w:p', open: '<w:p/>', selfClosing: true, children: [] }] });
        continue;
      }
    }
    out.push({ ...n, children });
  }
  return out;
}

export function tidyFilled(xml: string): string {
  return serializeXml(tidyNodes(parseXml(xml)));
}
