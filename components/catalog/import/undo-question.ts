import { plural } from '@/lib/domain/format/plural';

const n = (x: number) => x.toLocaleString('ru-RU');

/**
 * What «Отменить импорт» asks before it removes anything: the prices, the items and the groups the import made (by
 * what applying it did; null — not known, said in words), and what stays — items a specification uses go to the
 * archive, a group that holds other items now is kept, prices saved in specifications do not change.
 */
export function undoQuestion(applied: { prices: number; created: number; groups: number } | null): string {
  if (!applied) {
    return 'Удалятся цены этого прайс-листа, созданные им позиции и группы; позиции, которые уже стоят в спецификациях, уйдут в архив, а группы, в которых теперь есть другие позиции, останутся. Цены, сохранённые в спецификациях, не меняются.';
  }
  const prices = `${n(applied.prices)} ${plural(applied.prices, ['цена', 'цены', 'цен'])} этого прайс-листа`;
  const items = `${n(applied.created)} ${plural(applied.created, ['созданная им позиция', 'созданные им позиции', 'созданных им позиций'])}`;
  const what = applied.groups
    ? `Удалятся ${prices}, ${items} и ${n(applied.groups)} ${plural(applied.groups, ['созданная им группа', 'созданные им группы', 'созданных им групп'])}; позиции, которые уже стоят в спецификациях, уйдут в архив, а ${applied.groups === 1 ? 'группа, в которой теперь есть другие позиции, останется' : 'группы, в которых теперь есть другие позиции, останутся'}.`
    : `Удалятся ${prices} и ${items}; позиции, которые уже стоят в спецификациях, уйдут в архив.`;
  return `${what} Цены, сохранённые в спецификациях, не меняются.`;
}
