import 'server-only';
import type { CallTable } from '../../gateway/types';
import { createCompany } from './create-company';
import { deleteCompany } from './delete-company';
import { exportCompanies } from './export-companies';
import { findDuplicates } from './find-duplicates';
import { getCompany } from './get-company';
import { importCompanies } from './import-companies';
import { linkFolder } from './link-folder';
import { listCompanies } from './list-companies';
import { updateCompany } from './update-company';

/** Company calls under /api/v1, documented in docs/api.md. */
export const companyCalls = {
  'companies/list': listCompanies,
  'companies/get': getCompany,
  'companies/create': createCompany,
  'companies/update': updateCompany,
  'companies/delete': deleteCompany,
  'companies/duplicates': findDuplicates,
  'companies/export': exportCompanies,
  'companies/import': importCompanies,
  'companies/link-folder': linkFolder,
} satisfies CallTable;
