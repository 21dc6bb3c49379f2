import 'server-only';
import { openCall, type CallTable } from '../../gateway/types';
import { addRate } from './add-rate';
import { importKeyRate } from './import-key-rate';
import { copyCustomCall, deleteCustomCall, getCustomCall, listCustomCall, runCustomCall, saveCustomCall, shareCustomCall } from './custom-calls';
import { listCalculators } from './list-calculators';
import { listRates } from './list-rates';
import { listRecentRuns } from './recent-runs';
import { runCalculatorCall } from './run-calculator';

/** Calculator calls under /api/v1 (docs/api.md). */
export const calculatorCalls = {
  'calculators/list': openCall(listCalculators),
  'calculators/run': openCall(runCalculatorCall),
  'calculators/recent': listRecentRuns,
  'calculators/rates/list': listRates,
  'calculators/rates/add': addRate,
  'calculators/rates/import-key-rate': importKeyRate,
  'calculators/custom/list': listCustomCall,
  'calculators/custom/get': getCustomCall,
  'calculators/custom/save': saveCustomCall,
  'calculators/custom/delete': deleteCustomCall,
  'calculators/custom/share': shareCustomCall,
  'calculators/custom/copy': copyCustomCall,
  'calculators/custom/run': runCustomCall,
} satisfies CallTable;
