import 'server-only';
import type { CallTable } from '../../gateway/types';
import { calculateCostCall } from './calculate-cost';
import { getCostDefaultsCall, saveCostDefaultsCall } from './defaults-calls';
import { deleteProcessSetCall, listProcessSetsCall, saveProcessSetCall } from './process-sets';
import { deleteScenarioCall, listScenariosCall, saveScenarioCall } from './scenarios';

/** Себестоимость (issue 6) under /api/v1. */
export const costCalls: CallTable = {
  'cost/calculate': calculateCostCall,
  'cost/defaults/get': getCostDefaultsCall,
  'cost/defaults/save': saveCostDefaultsCall,
  'cost/scenarios/list': listScenariosCall,
  'cost/scenarios/save': saveScenarioCall,
  'cost/scenarios/delete': deleteScenarioCall,
  'processes/list': listProcessSetsCall,
  'processes/save': saveProcessSetCall,
  'processes/delete': deleteProcessSetCall,
};
