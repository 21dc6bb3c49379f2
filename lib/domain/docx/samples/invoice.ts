import { docxPackage, wDocument, wPara, wRun, wTable } from '@/lib/domain/docx/package';
import { itemsTable, partyLine, when } from './blocks';
import { TEMPLATE_SAMPLE_NAMES } from './names';

/**
 * The bundled sample template «Счёт на оплату» (the usual layout: bank details of the supplier, title with
 * number and date, supplier and buyer, the items table repeated row by row, totals, the sum in words,
 * signatures). Written in code so that every placeholder is reviewable here.
 */
export const INVOICE_SAMPLE_NAME = TEMPLATE_SAMPLE_NAMES.invoice;

export function invoiceTemplateXml(): string {
  const bank = wTable(
    [4700, 1000, 3900],
    [
      [{ text: ['{company.bank.name}', 'Банк получателя'], span: 1 }, 'БИК', '{company.bank.bik}'],
      ['', 'Сч. №', '{company.bank.corrAccount}'],
      [{ text: [`ИНН {company.inn}${when('company.kpp', ', КПП {company.kpp}')}`, '{company.fullName}', 'Получатель'] }, 'Сч. №', '{company.bank.account}'],
    ],
  );
  const body = [
    bank,
    wPara('', { after: 120 }),
    wPara('Счёт на оплату № {doc.number} от {doc.date|dateLong}', { bold: true, size: 28, after: 240 }),
    wPara([wRun('Поставщик (Исполнитель): ', { bold: true }), wRun(partyLine('company', { phone: true }))]),
    wPara([wRun('Покупатель (Заказчик): ', { bold: true }), wRun(partyLine('counterparty'))]),
    wPara([wRun('{?doc.basis}Основание: ', { bold: true }), wRun('{doc.basis}{/doc.basis}')]),
    wPara('', { after: 120 }),
    itemsTable(),
    wPara('Всего наименований {totals.count}, на сумму {totals.total}', { after: 0 }),
    wPara('{totals.total|words}', { bold: true, after: 240 }),
    wPara('Оплата настоящего счёта означает согласие с условиями поставки товара. Счёт действителен к оплате в течение пяти банковских дней.', { size: 18, after: 360 }),
    wPara([wRun('Руководитель ', { bold: true }), wRun(`______________ ${when('company.directorName', '{company.directorName|initials}')}`)], { after: 240 }),
    wPara([wRun('Бухгалтер ', { bold: true }), wRun(`______________ ${when('company.accountantName', '{company.accountantName|initials}')}`)]),
  ].join('');
  return wDocument(body);
}

/** The sample as a .docx file. */
export function invoiceTemplateDocx(): Uint8Array {
  return docxPackage(invoiceTemplateXml(), 'Счёт на оплату');
}
