import { ACT_SAMPLE_NAME, actTemplateDocx } from './act';
import { CONTRACT_SAMPLE_NAME, contractTemplateDocx } from './contract';
import { INVOICE_SAMPLE_NAME, invoiceTemplateDocx } from './invoice';
import { OFFER_SAMPLE_NAME, offerTemplateDocx } from './offer';

/** The bundled templates a user adds to their «Шаблоны документов» in one click. */
export const TEMPLATE_SAMPLES = {
  invoice: { name: INVOICE_SAMPLE_NAME, docx: invoiceTemplateDocx },
  contract: { name: CONTRACT_SAMPLE_NAME, docx: contractTemplateDocx },
  offer: { name: OFFER_SAMPLE_NAME, docx: offerTemplateDocx },
  act: { name: ACT_SAMPLE_NAME, docx: actTemplateDocx },
} as const;

export { TEMPLATE_SAMPLE_IDS, type TemplateSampleId } from './names';
