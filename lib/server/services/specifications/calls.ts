import 'server-only';
import type { CallTable } from '../../gateway/types';
import { specificationCosts } from './costs';
import { createSpecification } from './create-specification';
import { getSpecificationVersion } from './get-version';
import { pickSpecifications } from './pick';
import { specificationHistory } from './history';
import { readSpecificationXlsx } from './read-xlsx';
import { recalculateSpecification } from './recalculate';
import { restoreSpecificationVersion } from './restore-version';
import { saveSpecification } from './save-specification';
import { specificationStatus } from './status';
import { specificationWhereUsed } from './where-used';

/**
 * Specifications under /api/v1 (wire name `specs/*`), documented in docs/api.md. A specification is a
 * file-manager object of type `specifications`; listing, moving and deleting go through the files service.
 */
export const specificationCalls = {
  'specs/create': createSpecification,
  'specs/save': saveSpecification,
  'specs/history': specificationHistory,
  'specs/version': getSpecificationVersion,
  'specs/restore': restoreSpecificationVersion,
  'specs/where-used': specificationWhereUsed,
  'specs/status': specificationStatus,
  'specs/costs': specificationCosts,
  'specs/pick': pickSpecifications,
  'specs/read-xlsx': readSpecificationXlsx,
  'specs/recalculate': recalculateSpecification,
} satisfies CallTable;
