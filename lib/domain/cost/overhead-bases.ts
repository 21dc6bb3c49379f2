/** Bases an overhead pool is spread over (a company's costing defaults, the cost parameters). */
export const OVERHEAD_BASES = ['wages', 'direct', 'machineHours'] as const;
export type OverheadBase = (typeof OVERHEAD_BASES)[number];

export const OVERHEAD_BASE_TITLES: Record<OverheadBase, string> = {
  wages: '% от основной ЗП',
  direct: '% от прямых затрат',
  machineHours: 'ставка за машино-час, ₽',
};
