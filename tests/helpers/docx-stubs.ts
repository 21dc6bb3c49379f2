/**
 * Traces a field left empty leaves in a document's text: «в лице  ,», «БИК , к/с», «КПП ,», a space
 * before a comma or a full stop, two spaces in a row, a comma after a colon, a line ending in «в» or «от», «, ,». Returns the lines
 * that have them (with what was found), so a failing test shows where.
 */
const STUBS: [string, RegExp][] = [
  ['«, ,»', /,\s*,/],
  ['пробел перед запятой или точкой', /\s[,.](?!\d)/],
  ['два пробела подряд', /\S {2,}\S/],
  ['«в лице ,»', /в лице\s*[,.]/],
  ['пустой реквизит', /(ИНН|КПП|БИК|к\/с|Р\/с|тел\.:|Адрес:)\s*[,.]/i],
  ['двоеточие перед запятой', /:\s*[,.]/],
  ['пустой предлог в конце строки', /\s(в|на|от)\s*$/],
  ['пустые скобки', /\(\s*\)/],
  ['пустые «»', /«\s*»/],
];

export function docxStubs(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    if (/^_+/.test(line.trim())) continue; // a signature line is blank by design
    for (const [what, re] of STUBS) if (re.test(line)) found.push(`${what}: «${line}»`);
  }
  return found;
}
