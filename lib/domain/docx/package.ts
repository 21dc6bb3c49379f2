import { zipStore } from '@/lib/domain/zip-store';
import { escapeXml } from './xml';

/**
 * A minimal valid DOCX package written in code (no binary committed): content types, relationships,
 * styles (Times New Roman 11 pt, a table style with borders) and the document. Word, LibreOffice and the
 * app's viewer open it.
 */

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`;

const DOC_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="${W_NS}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:cs="Times New Roman" w:eastAsia="Times New Roman"/><w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="ru-RU"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="60" w:line="240" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style><w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:tblPr><w:tblCellMar><w:left w:w="80" w:type="dxa"/><w:right w:w="80" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style><w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/><w:tblPr><w:tblBorders><w:top w:val="single" w:sz="4" w:space="0" w:color="000000"/><w:left w:val="single" w:sz="4" w:space="0" w:color="000000"/><w:bottom w:val="single" w:sz="4" w:space="0" w:color="000000"/><w:right w:val="single" w:sz="4" w:space="0" w:color="000000"/><w:insideH w:val="single" w:sz="4" w:space="0" w:color="000000"/><w:insideV w:val="single" w:sz="4" w:space="0" w:color="000000"/></w:tblBorders></w:tblPr></w:style></w:styles>`;

const coreProps = (title: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${escapeXml(title)}</dc:title><dc:creator>Калькулус</dc:creator></cp:coreProperties>`;

/** Builders of WordprocessingML fragments for the bundled templates. */
export interface RunOpts {
  bold?: boolean;
  /** Half-points (22 = 11 pt). */
  size?: number;
}
export interface ParaOpts extends RunOpts {
  align?: 'left' | 'center' | 'right' | 'both';
  /** Space after, twentieths of a point. */
  after?: number;
}

export function wRun(text: string, o: RunOpts = {}): string {
  const rPr = `${o.bold ? '<w:b/>' : ''}${o.size ? `<w:sz w:val="${o.size}"/><w:szCs w:val="${o.size}"/>` : ''}`;
  return `<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
}

/** A paragraph; `runs` are texts (plain) or ready `<w:r>` markup. */
export function wPara(runs: string | readonly string[], o: ParaOpts = {}): string {
  const list = typeof runs === 'string' ? [runs] : runs;
  const pPr = `${o.after !== undefined ? `<w:spacing w:after="${o.after}"/>` : ''}${o.align ? `<w:jc w:val="${o.align}"/>` : ''}`;
  const body = list.map((r) => (r.startsWith('<w:r>') ? r : wRun(r, o))).join('');
  return `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${body}</w:p>`;
}

export interface CellSpec {
  text: string | readonly string[];
  bold?: boolean;
  align?: ParaOpts['align'];
  /** Columns spanned. */
  span?: number;
}

/** A bordered table; `widths` in twentieths of a point (dxa). */
export function wTable(widths: readonly number[], rows: readonly (readonly (CellSpec | string)[])[], o: { borders?: boolean } = {}): string {
  const grid = widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('');
  const tblPr = `<w:tblPr>${o.borders === false ? '' : '<w:tblStyle w:val="TableGrid"/>'}<w:tblW w:w="${widths.reduce((a, b) => a + b, 0)}" w:type="dxa"/><w:tblLayout w:type="fixed"/></w:tblPr>`;
  const body = rows
    .map((row) => {
      let col = 0;
      const cells = row
        .map((c) => {
          const cell = typeof c === 'string' ? { text: c } : c;
          const span = cell.span ?? 1;
          const w = widths.slice(col, col + span).reduce((a, b) => a + b, 0);
          col += span;
          const tcPr = `<w:tcPr><w:tcW w:w="${w}" w:type="dxa"/>${span > 1 ? `<w:gridSpan w:val="${span}"/>` : ''}</w:tcPr>`;
          const lines = typeof cell.text === 'string' ? [cell.text] : cell.text;
          return `<w:tc>${tcPr}${lines.map((t) => wPara(t, { bold: cell.bold, align: cell.align, after: 0 })).join('')}</w:tc>`;
        })
        .join('');
      return `<w:tr>${cells}</w:tr>`;
    })
    .join('');
  return `<w:tbl>${tblPr}<w:tblGrid>${grid}</w:tblGrid>${body}</w:tbl>`;
}

/** word/document.xml around `body` (ended by a paragraph, as Word wants after a table): A4, margins 2 cm, 2.5 cm left. */
export function wDocument(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="${W_NS}"><w:body>${body}<w:p/><w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="850" w:bottom="1134" w:left="1418" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`;
}

/** The whole .docx: `documentXml` packed with the other parts (stored ZIP). */
export function docxPackage(documentXml: string, title: string): Uint8Array {
  const enc = new TextEncoder();
  return zipStore([
    { name: '[Content_Types].xml', data: enc.encode(CONTENT_TYPES) },
    { name: '_rels/.rels', data: enc.encode(ROOT_RELS) },
    { name: 'docProps/core.xml', data: enc.encode(coreProps(title)) },
    { name: 'word/document.xml', data: enc.encode(documentXml) },
    { name: 'word/_rels/document.xml.rels', data: enc.encode(DOC_RELS) },
    { name: 'word/styles.xml', data: enc.encode(STYLES) },
  ]);
}
