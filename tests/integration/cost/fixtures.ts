/** The worked example «Полка» as the API takes it (wire strings, Russian formats). */
export const shelf = {
  schemaVersion: 1,
  name: 'Полка',
  unit: 'шт',
  materials: [
    { id: 'm1', name: 'Щит мебельный', unit: 'м²', qty: '0,40', wastePct: 10, price: '2 000,00' },
    { id: 'm2', name: 'Крепёж', unit: 'компл', qty: '1', price: '150', article: 'purchased' },
  ],
  operations: [{ id: 'o1', name: 'Сборка', hours: '0.8', rate: '500' }],
};
export const shelfParams = {
  additionalWagePct: '10',
  shop: { pct: '100', base: 'wages' },
  general: { pct: '50', base: 'wages' },
  sellingPct: '5',
  markupPct: '30',
  taxRegime: 'osno',
};
