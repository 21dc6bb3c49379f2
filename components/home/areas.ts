/** The product's areas as shown on `/` and `/landing` (links go to the menu's routes). */
export const AREAS = [
  { icon: 'pi-calculator', title: 'Калькуляторы', to: '/calculators', text: 'НДС, зарплата, отпускные, больничные, пени и ещё 14 расчётов с шагами.' },
  { icon: 'pi-sitemap', title: 'Бизнес-процессы', to: '/business-processes', text: 'Операции, время и ставки — основа для расчёта трудозатрат.' },
  { icon: 'pi-list', title: 'Спецификации', to: '/specifications', text: 'Многоуровневые нормы расхода материалов и операции.' },
  { icon: 'pi-chart-bar', title: 'Себестоимость', to: '/cost', text: 'Калькуляция по статьям до копейки: от материалов до цены с НДС.' },
  { icon: 'pi-building', title: 'Компании', to: '/companies', text: 'Реквизиты с проверкой ИНН, КПП, ОГРН и счетов.' },
  { icon: 'pi-folder', title: 'Мои документы', to: '/documents', text: 'Файлы, папки, общий доступ и документы по шаблонам.' },
  { icon: 'pi-chart-line', title: 'Мой прогресс', to: '/my-progress', text: 'Что уже пройдено и что осталось.' },
  { icon: 'pi-book', title: 'Обучение', to: '/education', text: 'Курсы по калькуляции и учёту, отметки о прогрессе.' },
] as const;
