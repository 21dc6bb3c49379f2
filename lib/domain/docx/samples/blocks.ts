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

const partyLines = (p: 'company' | 'counterparty', role: string) => [
  role,
  `{${p}.fullName}`,
  `ИНН {${p}.inn}  КПП {${p}.kpp}`,
  `Адрес: {${p}.legalAddress}`,
  `Р/с {${p}.bank.account}`,
  `в {${p}.bank.name}`,
  `БИК {${p}.bank.bik}, к/с {${p}.bank.corrAccount}`,
  '',
  `{${p}.directorTitle}`,
  `______________ / {${p}.directorName} /`,
];

/** Реквизиты and signatures of both parties side by side. */
export const partiesTable = (left: string, right: string) =>
  wTable(
    [4800, 4800],
    [[{ text: partyLines('company', left) }, { text: partyLines('counterparty', right) }]],
    { borders: false },
  );
