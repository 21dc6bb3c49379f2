/** Units of measure for specifications (ОКЕИ, ОК 015-94): code, short name, name. */
export interface OkeiUnit {
  code: string;
  short: string;
  name: string;
}

export const OKEI_UNITS: readonly OkeiUnit[] = [
  { code: '796', short: 'шт', name: 'Штука' },
  { code: '166', short: 'кг', name: 'Килограмм' },
  { code: '163', short: 'г', name: 'Грамм' },
  { code: '168', short: 'т', name: 'Тонна' },
  { code: '112', short: 'л', name: 'Литр' },
  { code: '111', short: 'мл', name: 'Миллилитр' },
  { code: '006', short: 'м', name: 'Метр' },
  { code: '018', short: 'пог. м', name: 'Погонный метр' },
  { code: '003', short: 'мм', name: 'Миллиметр' },
  { code: '004', short: 'см', name: 'Сантиметр' },
  { code: '055', short: 'м²', name: 'Квадратный метр' },
  { code: '113', short: 'м³', name: 'Кубический метр' },
  { code: '245', short: 'кВт·ч', name: 'Киловатт-час' },
  { code: '356', short: 'ч', name: 'Час' },
  { code: '355', short: 'мин', name: 'Минута' },
  { code: '839', short: 'компл', name: 'Комплект' },
  { code: '778', short: 'упак', name: 'Упаковка' },
  { code: '715', short: 'пар', name: 'Пара' },
  { code: '736', short: 'рул', name: 'Рулон' },
  { code: '625', short: 'лист', name: 'Лист' },
  { code: '704', short: 'набор', name: 'Набор' },
  { code: '359', short: 'сут', name: 'Сутки' },
];

/** The ОКЕИ code of a short name, if it is one of the list. */
export const okeiCodeOf = (short: string): string | undefined => OKEI_UNITS.find((u) => u.short === short)?.code;
