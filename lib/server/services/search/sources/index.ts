import 'server-only';
import type { SearchSource } from '../source';
import { businessProcessesSource } from './business-processes';
import { calculatorsSource } from './calculators';
import { companiesSource } from './companies';
import { documentsSource } from './documents';
import { foldersSource } from './folders';
import { lessonsSource } from './lessons';
import { specificationsSource } from './specifications';

/** Every kind the search looks in, in the order groups show when their best ranks tie. */
export const SOURCES: readonly SearchSource[] = [
  specificationsSource,
  documentsSource,
  foldersSource,
  companiesSource,
  calculatorsSource,
  businessProcessesSource,
  lessonsSource,
];
