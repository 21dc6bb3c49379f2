import { wPara, wRun, wTable } from '@/lib/domain/docx/package';

/** Pieces the bundled templates share: the items table with totals, and the parties' реквизиты. */

export function itemsTable(title = 'Товары (работы, услуги)'): string {
  const items = wTable(
    [500, 4300, 900, 700, 1600, 1600],
    [
      [
        { text: '№', bold: true, align: 'center' },
        { text: title, bold: true, align: 'center' },
        { text: 'Кол-во', bold: true, align: 'center' },
        { text: 'Ед.', bold: true, align: 'center' },
        { text: 'Цена', bold: true, align: 'center' },
        { text: 'Сумма', bold: true, align: 'center' },
      ],
      [
        { text: '{#items}{n}', align: 'center' },
        '{name}',
        { text: '{qty}', align: 'right' },
        '{unit}',
        { text: '{price|num}', align: 'right' },
        { text: '{amount|num}{/items}', align: 'right' },
      ],
    ],
  );
  const totals = wTable(
    [8000, 1600],
    [
      [{ text: 'Итого:', bold: true, align: 'right' }, { text: '{totals.amount|num}', bold: true, align: 'right' }],
      [{ text: '{totals.vatTitle}:', bold: true, align: 'right' }, { text: '{totals.vatText}', bold: true, align: 'right' }],
      [{ text: 'Всего к оплате:', bold: true, align: 'right' }, { text: '{totals.total|num}', bold: true, align: 'right' }],
    ],
    { borders: false },
  );
  return items + totals;
}

/** «Label: value» with the label in bold. */
export const labelled = (label: string, value: string, after?: number) => wPara([wRun(`${label}: `, { bold: true }), wRun(value)], { after });

/** `{?name}text{/name}`: the text only when the field is filled (a paragraph left empty is dropped). */
export const when = (name: string, text: string) => `{?${name}}${text}{/${name}}`;
/** `{^name}text{/name}`: the text only when the field is empty. */
export const unless = (name: string, text: string) => `{^${name}}${text}{/${name}}`;

/**
 * «ИНН 7707083893, КПП 773601001, 117312, г. Москва…, тел.: …» — each part only when filled, so an ИП
 * without КПП or a counterparty without an address leaves no «КПП ,».
 */
export function partyLine(p: 'company' | 'counterparty', o: { phone?: boolean } = {}): string {
  return (
    `{${p}.fullName}` +
    when(`${p}.inn`, `, ИНН {${p}.inn}`) +
    when(`${p}.kpp`, `, КПП {${p}.kpp}`) +
    when(`${p}.legalAddress`, `, {${p}.legalAddress}`) +
    (o.phone ? when(`${p}.phone`, `, тел.: {${p}.phone}`) : '')
  );
}

/**
 * A contract's party in the preamble: «ООО «Ромашка», именуемое в дальнейшем «Поставщик», в лице
 * Генерального директора Петрова Ивана Сергеевича, действующего на основании Устава» — the position and
 * name in the genitive, the words agreeing with the party; an ИП or a person signs in person (no «в лице»),
 * and with no director's name the «в лице …» phrase is left out.
 */
export function contractParty(p: 'company' | 'counterparty', role: string): string {
  const signatory =
    `, в лице ${when(`${p}.directorTitle`, `{${p}.directorTitle|gen} `)}{${p}.directorName|fioGen}, ` + `{${p}.directorActing} на основании Устава`;
  return `{${p}.fullName}, {${p}.named} в дальнейшем «${role}»` + unless(`${p}.isPerson`, when(`${p}.directorName`, signatory));
}

const partyLines = (p: 'company' | 'counterparty', role: string) => [
  role,
  `{${p}.fullName}`,
  when(`${p}.inn`, `ИНН {${p}.inn}`) + when(`${p}.kpp`, `${when(`${p}.inn`, ', ')}КПП {${p}.kpp}`),
  when(`${p}.legalAddress`, `Адрес: {${p}.legalAddress}`),
  when(`${p}.bank.account`, `Р/с {${p}.bank.account}`),
  when(`${p}.bank.name`, `в {${p}.bank.name}`),
  when(`${p}.bank.bik`, `БИК {${p}.bank.bik}`) + when(`${p}.bank.corrAccount`, `${when(`${p}.bank.bik`, ', ')}к/с {${p}.bank.corrAccount}`),
  '',
  when(`${p}.directorTitle`, `{${p}.directorTitle}`),
  `______________${when(`${p}.directorName`, ` / {${p}.directorName|initials} /`)}`,
];

/** Реквизиты and signatures of both parties side by side. */
export const partiesTable = (left: string, right: string) =>
  wTable(
    [4800, 4800],
    [[{ text: partyLines('company', left) }, { text: partyLines('counterparty', right) }]],
    { borders: false },
  );
