import { TemplateError } from './engine';

/**
 * Bounds that keep reading and filling a template cheap, checked before any parser runs: a part larger than
 * `MAX_PART_CHARS` or nested deeper than `MAX_DEPTH`, or markup that never closes, is refused by one linear scan
 * with a Russian message; so is a template of more than `MAX_TAGS` braces (tags) in all. Real templates stay far
 * below: Word nests a text box in a table in a table about 40 deep, a 60-page contract's document.xml is about
 * 1 MB with a few hundred fields. Within the bounds every step after this (the tree of xml.ts, docxtemplater,
 * the list of fields) is linear. While filling, `MAX_LOOP_PARTS` bounds what loops produce: the items of every
 * list times the pieces of its block (a 1 MB row repeated 500 times would otherwise make a 500 MB document), and
 * `MAX_LOOP_ITEMS` the items themselves (a loop inside a loop over the same 500 rows repeats 250 000 times).
 * Past a bound the template is refused as too complex (`TemplateTooComplex`, «Шаблон слишком сложный: …»).
 */
const MAX_DEPTH = 256;
export const MAX_PART_CHARS = 3 * 1024 * 1024;
export const MAX_TAGS = 10_000;
export const MAX_LOOP_PARTS = 1_000_000;
export const MAX_LOOP_ITEMS = 50_000;

/** A template past a bound of this file (or of the time it may take): 422 with its own message. */
export class TemplateTooComplex extends TemplateError {
  constructor(reason: string) {
    super(`Шаблон слишком сложный: ${reason}`);
    this.name = 'TemplateTooComplex';
  }
}

const fmt = (n: number) => n.toLocaleString('ru-RU');

export const tooLarge = () =>
  new TemplateTooComplex('документ получается слишком большим — уменьшите число строк в списках или размер повторяемого блока.');

export const tooManyItems = () =>
  new TemplateTooComplex(
    `циклы повторяются больше ${fmt(MAX_LOOP_ITEMS)} раз. Так бывает, когда цикл стоит внутри цикла по тому же списку: внутренний проходит весь список для каждой строки внешнего.`,
  );

const broken = () => new TemplateError('Файл шаблона повреждён: неверная разметка XML.');

export const partTooLarge = `Текст документа больше ${MAX_PART_CHARS / 1024 / 1024} МБ — такой шаблон не обработать. Разделите документ на части.`;

/** Throws TemplateTooComplex when the parts hold more than `MAX_TAGS` opening braces in all. */
export function checkTags(parts: readonly string[]): void {
  let n = 0;
  for (const xml of parts) {
    for (let i = xml.indexOf('{'); i !== -1; i = xml.indexOf('{', i + 1)) {
      if (++n > MAX_TAGS) throw new TemplateTooComplex(`в нём больше ${fmt(MAX_TAGS)} полей и тегов в фигурных скобках. Разделите его на несколько шаблонов.`);
    }
  }
}

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
      if (depth > MAX_DEPTH) throw new TemplateTooComplex(`вложенность элементов больше ${MAX_DEPTH} уровней.`);
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
