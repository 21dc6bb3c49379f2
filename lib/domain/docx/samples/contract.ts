import { docxPackage, wDocument, wPara } from '@/lib/domain/docx/package';
import { contractParty, itemsTable, partiesTable } from './blocks';
import { TEMPLATE_SAMPLE_NAMES } from './names';

/** «Договор поставки» (a short standard form; the specification of goods is the items table). */
export const CONTRACT_SAMPLE_NAME = TEMPLATE_SAMPLE_NAMES.contract;

const heading = (t: string) => wPara(t, { bold: true, align: 'center', after: 120 });
const clause = (t: string) => wPara(t, { align: 'both' });

export function contractTemplateXml(): string {
  return wDocument(
    [
      wPara('Договор поставки № {doc.number}', { bold: true, size: 28, align: 'center', after: 120 }),
      wPara('{doc.date|dateLong}', { align: 'right', after: 240 }),
      clause(`${contractParty('company', 'Поставщик')}, с одной стороны, и ${contractParty('counterparty', 'Покупатель')}, с другой стороны, заключили настоящий договор о нижеследующем.`),
      heading('1. Предмет договора'),
      clause('1.1. Поставщик обязуется передать в собственность Покупателя, а Покупатель — принять и оплатить следующий товар:'),
      itemsTable('Наименование товара'),
      heading('2. Цена и порядок расчётов'),
      clause('2.1. Общая стоимость товара составляет {totals.total} ({totals.total|words}), {totals.vatTitle}: {totals.vatText}.'),
      clause('2.2. Покупатель оплачивает товар в течение пяти банковских дней со дня выставления счёта перечислением денег на расчётный счёт Поставщика.'),
      heading('3. Поставка'),
      clause('3.1. Поставщик передаёт товар в течение десяти рабочих дней после оплаты. Право собственности переходит к Покупателю в момент передачи товара.'),
      heading('4. Ответственность сторон и прочие условия'),
      clause('4.1. За просрочку оплаты или поставки виновная сторона уплачивает неустойку 0,1 % от неисполненного обязательства за каждый день просрочки.'),
      clause('4.2. Споры разрешаются в арбитражном суде по месту нахождения истца после соблюдения претензионного порядка (срок ответа на претензию — 10 дней).'),
      clause('4.3. Договор составлен в двух экземплярах, по одному для каждой стороны, и действует до полного исполнения обязательств.'),
      heading('5. Реквизиты и подписи сторон'),
      partiesTable('ПОСТАВЩИК', 'ПОКУПАТЕЛЬ'),
    ].join(''),
  );
}

export const contractTemplateDocx = (): Uint8Array => docxPackage(contractTemplateXml(), 'Договор поставки');
