import 'server-only';
import type { CallTable } from '../../gateway/types';
import { addPrice } from './add-price';
import { bulkUpdateItems } from './bulk-update-items';
import { createGroup } from './create-group';
import { createItem } from './create-item';
import { createWorkCentre } from './create-work-centre';
import { deleteGroup } from './delete-group';
import { deleteItem } from './delete-item';
import { deletePrice } from './delete-price';
import { deleteWorkCentre } from './delete-work-centre';
import { getItem } from './get-item';
import { getSettings } from './get-settings';
import { importApply } from './import-apply';
import { importCreateAll } from './import-create-all';
import { importList } from './import-list';
import { importPreview } from './import-preview';
import { importResolve } from './import-resolve';
import { importRows } from './import-rows';
import { importRowType } from './import-row-type';
import { importStatus } from './import-status';
import { importUndo } from './import-undo';
import { importUpload } from './import-upload';
import { itemWhereUsed } from './item-where-used';
import { listGroups } from './list-groups';
import { listItems } from './list-items';
import { listPrices } from './list-prices';
import { listStale } from './list-stale';
import { listWorkCentres } from './list-work-centres';
import { pricesOnDateCall as pricesOnDate } from './prices-on-date';
import { recalcAll } from './recalc-all';
import { recalcStatus } from './recalc-status';
import { saveSettings } from './save-settings';
import { specOnDate } from './spec-on-date';
import { updateGroup } from './update-group';
import { updateItem } from './update-item';
import { updateWorkCentre } from './update-work-centre';

/** «Номенклатура и цены» under /api/v1 (`catalog/*`), documented in docs/api.md. */
export const catalogCalls = {
  'catalog/items/list': listItems,
  'catalog/items/get': getItem,
  'catalog/items/create': createItem,
  'catalog/items/update': updateItem,
  'catalog/items/bulk-update': bulkUpdateItems,
  'catalog/items/delete': deleteItem,
  'catalog/items/where-used': itemWhereUsed,
  'catalog/groups/list': listGroups,
  'catalog/groups/create': createGroup,
  'catalog/groups/update': updateGroup,
  'catalog/groups/delete': deleteGroup,
  'catalog/prices/list': listPrices,
  'catalog/prices/add': addPrice,
  'catalog/prices/delete': deletePrice,
  'catalog/prices/on-date': pricesOnDate,
  'catalog/spec-on-date': specOnDate,
  'catalog/settings/get': getSettings,
  'catalog/settings/save': saveSettings,
  'catalog/import/upload': importUpload,
  'catalog/import/preview': importPreview,
  'catalog/import/status': importStatus,
  'catalog/import/rows': importRows,
  'catalog/import/resolve': importResolve,
  'catalog/import/create-all': importCreateAll,
  'catalog/import/row-type': importRowType,
  'catalog/import/apply': importApply,
  'catalog/import/undo': importUndo,
  'catalog/import/list': importList,
  'catalog/stale': listStale,
  'catalog/recalc-all': recalcAll,
  'catalog/recalc-status': recalcStatus,
  'catalog/work-centres/list': listWorkCentres,
  'catalog/work-centres/create': createWorkCentre,
  'catalog/work-centres/update': updateWorkCentre,
  'catalog/work-centres/delete': deleteWorkCentre,
} satisfies CallTable;
