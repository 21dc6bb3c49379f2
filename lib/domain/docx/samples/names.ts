/** The bundled templates' file names by id — what a page lists without loading the templates themselves. */
export const TEMPLATE_SAMPLE_NAMES = {
  invoice: 'Счёт на оплату.docx',
  contract: 'Договор поставки.docx',
  offer: 'Коммерческое предложение.docx',
  act: 'Акт выполненных работ.docx',
} as const;

export type TemplateSampleId = keyof typeof TEMPLATE_SAMPLE_NAMES;
export const TEMPLATE_SAMPLE_IDS = Object.keys(TEMPLATE_SAMPLE_NAMES) as TemplateSampleId[];
