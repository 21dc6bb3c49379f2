// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ITEM_TYPE_TITLES, ITEM_TYPES, readItemType } from '@/lib/domain/catalog';

describe('the item type a price list cell names', () => {
  it('the titles themselves, any case, «ё» or trailing dot', () => {
    for (const t of ITEM_TYPES) {
      expect(readItemType(ITEM_TYPE_TITLES[t])).toBe(t);
      expect(readItemType(ITEM_TYPE_TITLES[t].toUpperCase())).toBe(t);
    }
    expect(readItemType(' покупное  изделие. ')).toBe('purchased');
    expect(readItemType('Сырьё')).toBe('material');
  });

  it.each([
    ['Материалы', 'material'],
    ['основной материал', 'material'],
    ['Вспомогательные материалы', 'material'],
    ['сырье и материалы', 'material'],
    ['мат', 'material'],
    ['Покупные изделия', 'purchased'],
    ['ПКИ', 'purchased'],
    ['комплектующие', 'purchased'],
    ['Полуфабрикаты', 'purchased'],
    ['п/ф', 'purchased'],
    ['товар', 'purchased'],
    ['покупной материал', 'purchased'],
    ['Услуги', 'service'],
    ['работы', 'service'],
    ['Работы и услуги', 'service'],
    ['Электроэнергия', 'energy'],
    ['теплоэнергия', 'energy'],
    ['топливо', 'energy'],
    ['э/э', 'energy'],
    ['material', 'material'],
    ['Service', 'service'],
  ] as const)('«%s» → %s', (text, type) => {
    expect(readItemType(text)).toBe(type);
  });

  it('an empty cell names none (null): the item is a material unless the review says otherwise', () => {
    expect(readItemType('')).toBeNull();
    expect(readItemType('  ')).toBeNull();
    expect(readItemType('«»')).toBeNull();
  });

  it('a text that is none of the types is undefined, not a guess', () => {
    for (const t of ['Фурнитура', 'Плиты', 'крепёж', 'изделие', 'матовый', 'пкишка', 'эээ', '1']) expect(readItemType(t), t).toBeUndefined();
  });
});
