import { docxPackage, wDocument, wPara, wRun } from '@/lib/domain/docx/package';
import { itemsTable, labelled, partiesTable, partyLine } from './blocks';
import { TEMPLATE_SAMPLE_NAMES } from './names';

/** «Акт выполненных работ (оказанных услуг)». */
export const ACT_SAMPLE_NAME = TEMPLATE_SAMPLE_NAMES.act;

export function actTemplateXml(): string {
  return wDocument(
    [
      wPara('Акт № {doc.number} от {doc.date|dateLong}', { bold: true, size: 28, after: 0 }),
      wPara('выполненных работ (оказанных услуг)', { bold: true, after: 240 }),
      labelled('Исполнитель', partyLine('company')),
      labelled('Заказчик', partyLine('counterparty')),
      wPara([wRun('{?doc.basis}Основание: ', { bold: true }), wRun('{doc.basis}{/doc.basis}')]),
      wPara('', { after: 120 }),
      itemsTable('Наименование работ, услуг'),
      wPara('Всего оказано услуг {totals.count}, на сумму {totals.total}', { after: 0 }),
      wPara('{totals.total|words}', { bold: true, after: 240 }),
      wPara('Вышеперечисленные работы (услуги) выполнены полностью и в срок. Заказчик претензий по объёму, качеству и срокам оказания услуг не имеет.', { after: 360 }),
      partiesTable('ИСПОЛНИТЕЛЬ', 'ЗАКАЗЧИК'),
    ].join(''),
  );
}

export const actTemplateDocx = (): Uint8Array => docxPackage(actTemplateXml(), 'Акт выполненных работ');
