import 'server-only';
import type { CallTable } from '../../gateway/types';
import { calculateCostCall } from './calculate-cost';
import { getCostDefaultsCall, saveCostDefaultsCall } from './defaults-calls';
import { deleteProcessSetCall, listProcessSetsCall, saveProcessSetCall } from './process-sets';
import { specCostsCall } from './spec-costs';
import { createSpecCall } from './spec-create';
import { readSpecXlsxCall } from './spec-import';
import { linkedSpecsCall, recalculateSpecCall, specStatusCall } from './spec-staleness';
import { restoreSpecCall, saveSpecCall, specHistoryCall, specVersionCall, specWhereUsedCall } from './spec-versions';
import { deleteScenarioCall, listScenariosCall, saveScenarioCall } from './scenarios';
import { costSensitivityCall } from './sensitivity-cost';

/** Себестоимость under /api/v1. */
export const costCalls: CallTable = {
  'cost/calculate': calculateCostCall,
  'cost/sensitivity': costSensitivityCall,
  'cost/defaults/get': getCostDefaultsCall,
  'cost/defaults/save': saveCostDefaultsCall,
  'cost/scenarios/list': listScenariosCall,
  'cost/scenarios/save': saveScenarioCall,
  'cost/scenarios/delete': deleteScenarioCall,
  'specs/create': createSpecCall,
  'specs/save': saveSpecCall,
  'specs/history': specHistoryCall,
  'specs/version': specVersionCall,
  'specs/restore': restoreSpecCall,
  'specs/where-used': specWhereUsedCall,
  'specs/status': specStatusCall,
  'specs/costs': specCostsCall,
  'specs/read-xlsx': readSpecXlsxCall,
  'specs/recalculate': recalculateSpecCall,
  'processes/list': listProcessSetsCall,
  'processes/save': saveProcessSetCall,
  'processes/delete': deleteProcessSetCall,
  'processes/linked': linkedSpecsCall,
};
