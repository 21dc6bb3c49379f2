import { TemplateError } from './engine';

/**
 * Bounds that keep filling a template cheap (it runs on the server's event loop), checked before any
 * parser runs: a part larger than `MAX_PART_CHARS` or nested deeper than `MAX_DEPTH`, or markup that
 * never closes, is refused by one linear scan with a Russian message. Real templates stay far below:
 * Word nests a text box in a table in a table about 40 deep, and a 60-page contract's document.xml is
 * about 1 MB. Within the bounds every step after this (the tree of xml.ts, docxtemplater) is linear.
 * `MAX_LOOP_PARTS` bounds what loops produce: the items of every list times the pieces of its block
 * (a 1 MB row repeated 500 times would otherwise make a 500 MB document).
 */
const MAX_DEPTH = 256;
export const MAX_PART_CHARS = 3 * 1024 * 1024;
export const MAX_LOOP_PARTS = 1_000_000;

export const tooLarge = () => new TemplateError('Документ получается слишком большим: уменьшите число строк в списках или размер повторяемого блока.');

const broken = () => new TemplateError('Файл шаблона повреждён: неверная разметка XML.');

export const partTooLarge = `Текст документа больше ${MAX_PART_CHARS / 1024 / 1024} МБ — такой шаблон не обработать. Разделите документ на части.`;

/** Throws TemplateError when `xml` is too large, too deep or its tags are unbalanced. */
export function checkPart(xml: string): void {
  if (xml.length > MAX_PART_CHARS) {
    throw new TemplateError(partTooLarge);
  }
  let depth = 0;
  let i = xml.indexOf('<');
  while (i !== -1) {
    if (xml.startsWith('<!--', i)) i = after(xml, '-->', i + 4);
    else if (xml.startsWith('<![CDATA[', i)) i = after(xml, ']]>', i + 9);
    else if (xml.startsWith('<?', i) || xml.startsWith('<!', i)) i = after(xml, '>', i + 2);
    else {
      const end = tagEnd(xml, i);
      if (xml[i + 1] === '/') depth--;
      else if (xml[end - 1] !== '/') depth++;
      if (depth < 0) throw broken();
      if (depth > MAX_DEPTH) {
        throw new TemplateError(`Файл шаблона устроен слишком сложно: вложенность элементов больше ${MAX_DEPTH} уровней.`);
      }
      i = end + 1;
    }
    i = xml.indexOf('<', i);
  }
  if (depth !== 0) throw broken();
}

function after(xml: string, close: string, from: number): number {
  const at = xml.indexOf(close, from);
  if (at === -1) throw broken();
  return at + close.length;
}

/** The `>` ending the tag at `i` (quoted values skipped); an unterminated tag or `<` inside one → TemplateError. */
function tagEnd(xml: string, i: number): number {
  let quote = 0;
  for (let k = i + 1; k < xml.length; k++) {
    const c = xml.charCodeAt(k);
    if (quote) {
      if (c === quote) quote = 0;
      else if (c === 60) throw broken();
    } else if (c === 62) return k;
    else if (c === 34 || c === 39) quote = c;
    else if (c === 60) throw broken();
  }
  throw broken();
}
