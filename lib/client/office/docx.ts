/** A DOCX as simple blocks for a preview: headings, paragraphs (with bold / italic runs) and tables. */
export type DocBlock =
  | { kind: 'p'; level: number; runs: { text: string; bold: boolean; italic: boolean }[] }
  | { kind: 'table'; rows: string[][] };

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

function paragraph(p: Element): DocBlock {
  const style = p.getElementsByTagNameNS(W, 'pStyle')[0]?.getAttributeNS(W, 'val') ?? '';
  const level = /^(Heading|Заголовок)\s*(\d)$/i.exec(style)?.[2];
  const runs: { text: string; bold: boolean; italic: boolean }[] = [];
  for (const r of Array.from(p.getElementsByTagNameNS(W, 'r'))) {
    const text = Array.from(r.childNodes)
      .map((n) => (n instanceof Element && n.localName === 't' ? (n.textContent ?? '') : n instanceof Element && n.localName === 'tab' ? '\t' : n instanceof Element && n.localName === 'br' ? '\n' : ''))
      .join('');
    if (!text) continue;
    const props = r.getElementsByTagNameNS(W, 'rPr')[0];
    runs.push({ text, bold: !!props?.getElementsByTagNameNS(W, 'b')[0], italic: !!props?.getElementsByTagNameNS(W, 'i')[0] });
  }
  return { kind: 'p', level: level ? Number(level) : 0, runs };
}

export async function readDocx(buf: ArrayBuffer): Promise<DocBlock[]> {
  const { unzipLimited } = await import('./zip-read.mjs');
  const part = unzipLimited(buf, {}, (name) => name === 'word/document.xml').get('word/document.xml');
  if (!part) throw new Error('no word/document.xml');
  const xml = new TextDecoder().decode(part);
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const body = doc.getElementsByTagNameNS(W, 'body')[0];
  if (!body) return [];
  const blocks: DocBlock[] = [];
  for (const child of Array.from(body.children)) {
    if (child.localName === 'p') blocks.push(paragraph(child));
    else if (child.localName === 'tbl') {
      const rows = Array.from(child.getElementsByTagNameNS(W, 'tr')).map((tr) =>
        Array.from(tr.getElementsByTagNameNS(W, 'tc')).map((tc) => tc.textContent ?? ''),
      );
      blocks.push({ kind: 'table', rows });
    }
  }
  return blocks;
}
