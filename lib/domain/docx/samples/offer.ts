import { docxPackage, wDocument, wPara, wTable } from '@/lib/domain/docx/package';
import { labelled, unless, when } from './blocks';
import { TEMPLATE_SAMPLE_NAMES } from './names';

/** «Коммерческое предложение» with the калькуляция by articles (filled from a cost scenario or a specification). */
export const OFFER_SAMPLE_NAME = TEMPLATE_SAMPLE_NAMES.offer;

export function offerTemplateXml(): string {
  const calc = wTable(
    [900, 5100, 1800, 1800],
    [
      [
        { text: 'Статья', bold: true, align: 'center' },
        { text: 'Статья калькуляции', bold: true, align: 'center' },
        { text: 'На единицу', bold: true, align: 'center' },
        { text: 'На весь объём', bold: true, align: 'center' },
      ],
      [{ text: '{#cost.articles}{no}', align: 'center' }, '{title}', { text: '{amount|num}', align: 'right' }, { text: '{total|num}{/cost.articles}', align: 'right' }],
      [{ text: '', align: 'center' }, { text: 'Полная себестоимость', bold: true }, { text: '{cost.fullCost|num}', align: 'right' }, { text: '{cost.totalFullCost|num}', align: 'right' }],
      ['', { text: 'Цена без НДС', bold: true }, { text: '{cost.priceNoVat|num}', align: 'right' }, { text: '{cost.totalNoVat|num}', align: 'right' }],
      ['', { text: 'НДС ({cost.vatRate})', bold: true }, { text: '{cost.vat|num}', align: 'right' }, { text: '{cost.totalVat|num}', align: 'right' }],
      ['', { text: 'Цена с НДС', bold: true }, { text: '{cost.priceWithVat|num}', align: 'right' }, { text: '{cost.total|num}', align: 'right' }],
    ],
  );
  return wDocument(
    [
      wPara('{company.fullName}', { bold: true, after: 0 }),
      wPara(
        `ИНН {company.inn}${when('company.legalAddress', ', {company.legalAddress}')}${when('company.phone', ', тел.: {company.phone}')}${when('company.email', ', {company.email}')}`,
        { size: 18, after: 240 },
      ),
      wPara('Коммерческое предложение № {doc.number} от {doc.date|dateLong}', { bold: true, size: 28, align: 'center', after: 240 }),
      labelled(
        'Кому',
        `${when('counterparty.directorName', `${when('counterparty.directorTitle', '{counterparty.directorTitle|dat} ')}{counterparty.fullName} {counterparty.directorName|fioDat}`)}${unless('counterparty.directorName', '{counterparty.fullName}')}`,
        240,
      ),
      wPara('Предлагаем изготовить «{cost.name}» в количестве {cost.qty} {cost.unit} по цене {cost.priceWithVat} за {cost.unit} (НДС: {cost.vatRate}).'),
      wPara('Калькуляция стоимости:', { bold: true }),
      calc,
      wPara('', { after: 0 }),
      wPara('Итого: {cost.total} ({cost.total|words}).', { bold: true, after: 240 }),
      wPara('Предложение действительно 30 дней. Цены рассчитаны по калькуляции себестоимости на {doc.date|date}.', { size: 18, after: 360 }),
      wPara(`${when('company.directorTitle', '{company.directorTitle} ')}______________ ${when('company.directorName', '{company.directorName|initials}')}`),
    ].join(''),
  );
}

export const offerTemplateDocx = (): Uint8Array => docxPackage(offerTemplateXml(), 'Коммерческое предложение');
