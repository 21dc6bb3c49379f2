import 'server-only';
import type { CallTable } from '../../gateway/types';
import { calculateCostCall } from './calculate-cost';
import { getCostDefaultsCall, saveCostDefaultsCall } from './defaults-calls';
import { deleteScenarioCall, listScenariosCall, saveScenarioCall } from './scenarios';
import { costSensitivityCall } from './sensitivity-cost';

/** Себестоимость under /api/v1. */
export const costCalls = {
  'cost/calculate': calculateCostCall,
  'cost/sensitivity': costSensitivityCall,
  'cost/defaults/get': getCostDefaultsCall,
  'cost/defaults/save': saveCostDefaultsCall,
  'cost/scenarios/list': listScenariosCall,
  'cost/scenarios/save': saveScenarioCall,
  'cost/scenarios/delete': deleteScenarioCall,
} satisfies CallTable;
