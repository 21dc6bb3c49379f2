import 'server-only';
import type { CallTable } from '../../gateway/types';
import { addSampleTemplateCall } from './add-sample';
import { templateFieldsCall } from './fields';
import { generateDocumentCall } from './generate';
import { listTemplatesCall } from './seed-samples';

/** Documents from DOCX templates under /api/v1, documented in docs/api.md. */
export const templateCalls = {
  'templates/list': listTemplatesCall,
  'templates/fields': templateFieldsCall,
  'templates/generate': generateDocumentCall,
  'templates/add-sample': addSampleTemplateCall,
} satisfies CallTable;
