import 'server-only';
import { openCall, type CallTable } from '../../gateway/types';
import { liveness } from '../../health';
import { getAppInfo } from './get-app-info';
import { costCalls } from '../cost/calls';
import { businessProcessCalls } from '../business-processes/calls';
import { specificationCalls } from '../specifications/calls';
import { validateRequisiteCall } from '../companies/validate-requisite';
import { companyCalls } from '../companies/calls';
import { calculatorCalls } from '../calculators/calls';
import { templateCalls } from '../templates/calls';
import { educationCalls } from '../education/calls';
import { searchCalls } from '../search/calls';
import { activityCalls } from '../activity/calls';
import { catalogCalls } from '../catalog/calls';

/** The product's own calls under /api/v1, keyed by path: `calculators/run`, `cost/calculate`… */
export const productCalls = {
  health: { public: true, handle: () => ({ msg: 'Сервис работает', ...liveness() }) },
  'app/info': openCall(getAppInfo),
  validate: openCall(validateRequisiteCall),
  ...companyCalls,
  ...costCalls,
  ...businessProcessCalls,
  ...specificationCalls,
  ...calculatorCalls,
  ...templateCalls,
  ...educationCalls,
  ...searchCalls,
  ...activityCalls,
  ...catalogCalls,
} satisfies CallTable;
