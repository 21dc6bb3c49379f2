// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { declineFullName, declinePosition, genderOfName, initialsName, splitFullName } from '@/lib/domain/declension';

describe('declineFullName', () => {
  it.each([
    ['Петров Иван Сергеевич', 'Петрова Ивана Сергеевича', 'Петрову Ивану Сергеевичу'],
    ['Петрова Анна Сергеевна', 'Петровой Анны Сергеевны', 'Петровой Анне Сергеевне'],
    ['Толстой Лев Николаевич', 'Толстого Льва Николаевича', 'Толстому Льву Николаевичу'],
    ['Кузьмич Илья Ильич', 'Кузьмича Ильи Ильича', 'Кузьмичу Илье Ильичу'],
    ['Кузьмич Ирина Никитична', 'Кузьмич Ирины Никитичны', 'Кузьмич Ирине Никитичне'],
    ['Шевченко Ольга Петровна', 'Шевченко Ольги Петровны', 'Шевченко Ольге Петровне'],
    ['Черных Елена Викторовна', 'Черных Елены Викторовны', 'Черных Елене Викторовне'],
    ['Бондарь Павел Львович', 'Бондаря Павла Львовича', 'Бондарю Павлу Львовичу'],
    ['Бондарь Нина Львовна', 'Бондарь Нины Львовны', 'Бондарь Нине Львовне'],
    ['Ёлкин Артём Фёдорович', 'Ёлкина Артёма Фёдоровича', 'Ёлкину Артёму Фёдоровичу'],
  ])('%s → %s, %s', (name, gen, dat) => {
    expect(declineFullName(name, 'gen')).toBe(gen);
    expect(declineFullName(name, 'dat')).toBe(dat);
  });

  it('declines both parts of a double surname', () => {
    expect(declineFullName('Иванова-Смирнова Мария Ивановна', 'gen')).toBe('Ивановой-Смирновой Марии Ивановны');
    expect(declineFullName('Римский-Корсаков Николай Андреевич', 'gen')).toBe('Римского-Корсакова Николая Андреевича');
    expect(declineFullName('Салтыков-Щедрин Михаил Евграфович', 'dat')).toBe('Салтыкову-Щедрину Михаилу Евграфовичу');
  });

  it('handles foreign-looking names: indeclinable surnames stay, Turkic patronymics stay', () => {
    expect(declineFullName('Гюго Виктор Мариевич', 'gen')).toBe('Гюго Виктора Мариевича');
    expect(declineFullName('Дюма Александр Александрович', 'gen')).toBe('Дюма Александра Александровича');
    expect(declineFullName('Ким Сергей Николаевич', 'gen')).toBe('Кима Сергея Николаевича');
    expect(declineFullName('Ли Ирина Олеговна', 'gen')).toBe('Ли Ирины Олеговны');
    expect(declineFullName('Смит Джон', 'gen')).toBe('Смита Джона');
    expect(declineFullName('Мамедов Ильхам Гейдар оглы', 'gen')).toBe('Мамедова Ильхама Гейдар оглы');
    expect(declineFullName('Алиева Лейла Ильхам кызы', 'gen')).toBe('Алиевой Лейлы Ильхам кызы');
    expect(declineFullName('Smith John', 'gen')).toBe('Smith John');
  });

  it('keeps initials and capitals as typed', () => {
    expect(declineFullName('Петров И. С.', 'gen')).toBe('Петрова И. С.');
    expect(declineFullName('Петрова И.С.', 'gen')).toBe('Петровой И.С.');
    expect(declineFullName('И. С. Петров', 'dat')).toBe('И. С. Петрову');
    expect(declineFullName('ПЕТРОВ ИВАН СЕРГЕЕВИЧ', 'gen')).toBe('ПЕТРОВА ИВАНА СЕРГЕЕВИЧА');
    expect(declineFullName('', 'gen')).toBe('');
  });
});

describe('genderOfName', () => {
  it('reads the patronymic first, then the first name and surname', () => {
    expect(genderOfName('Петров Иван Сергеевич')).toBe('male');
    expect(genderOfName('Кузьмич Ирина Никитична')).toBe('female');
    expect(genderOfName('Мамедов Ильхам Гейдар оглы')).toBe('male');
    expect(genderOfName('Алиева Лейла Ильхам кызы')).toBe('female');
    expect(genderOfName('Шевченко Саша')).toBeNull();
    expect(genderOfName('Шевченко Ольга')).toBe('female');
    expect(genderOfName('Петрова И. С.')).toBe('female');
    expect(genderOfName('')).toBeNull();
  });
  it('splits «Фамилия Имя Отчество» and «И. О. Фамилия»', () => {
    expect(splitFullName('И. С. Петров')).toEqual({ last: 'Петров', first: 'И. С.', middle: '', initialsFirst: true });
    expect(splitFullName(' Мамедов  Ильхам Гейдар оглы ')).toEqual({ last: 'Мамедов', first: 'Ильхам', middle: 'Гейдар оглы', initialsFirst: false });
  });
});

describe('declinePosition', () => {
  it.each([
    ['Генеральный директор', 'Генерального директора', 'Генеральному директору'],
    ['Директор', 'Директора', 'Директору'],
    ['Исполнительный директор', 'Исполнительного директора', 'Исполнительному директору'],
    ['Управляющий', 'Управляющего', 'Управляющему'],
    ['Президент', 'Президента', 'Президенту'],
    ['Индивидуальный предприниматель', 'Индивидуального предпринимателя', 'Индивидуальному предпринимателю'],
    ['Главный бухгалтер', 'Главного бухгалтера', 'Главному бухгалтеру'],
    ['Директор по развитию', 'Директора по развитию', 'Директору по развитию'],
    ['Заместитель генерального директора', 'Заместителя генерального директора', 'Заместителю генерального директора'],
    ['Председатель правления', 'Председателя правления', 'Председателю правления'],
    ['Коммерческий директор', 'Коммерческого директора', 'Коммерческому директору'],
    ['Управляющий партнёр', 'Управляющего партнёра', 'Управляющему партнёру'],
    ['Владелец', 'Владельца', 'Владельцу'],
    ['генеральный директор', 'генерального директора', 'генеральному директору'],
    ['ГЕНЕРАЛЬНЫЙ ДИРЕКТОР', 'ГЕНЕРАЛЬНОГО ДИРЕКТОРА', 'ГЕНЕРАЛЬНОМУ ДИРЕКТОРУ'],
    ['Президент, Председатель Правления', 'Президента, Председателя Правления', 'Президенту, Председателю Правления'],
    ['Финансово-экономический директор', 'Финансово-экономического директора', 'Финансово-экономическому директору'],
  ])('%s → %s, %s', (title, gen, dat) => {
    expect(declinePosition(title, 'gen')).toBe(gen);
    expect(declinePosition(title, 'dat')).toBe(dat);
  });
  it('leaves abbreviations and empty text as they are', () => {
    expect(declinePosition('Врио генерального директора', 'gen')).toBe('Врио генерального директора');
    expect(declinePosition('И. о. директора', 'gen')).toBe('И. о. директора');
    expect(declinePosition('', 'gen')).toBe('');
  });
});

describe('initialsName', () => {
  it('spells a signature out with initials before the surname, on no-break spaces', () => {
    const nb = (s: string) => s.replace(/ /g, '\u00a0');
    expect(initialsName('Петров Иван Сергеевич')).toBe(nb('И. С. Петров'));
    expect(initialsName('Кузнецова-Орлова Ольга Николаевна')).toBe(nb('О. Н. Кузнецова-Орлова'));
    expect(initialsName('Петров И. С.')).toBe(nb('И. С. Петров'));
    expect(initialsName('Петров И.С.')).toBe(nb('И. С. Петров'));
    expect(initialsName('И. С. Петров')).toBe(nb('И. С. Петров'));
    expect(initialsName('Мамедов Ильхам Гейдар оглы')).toBe(nb('И. Г. Мамедов'));
    expect(initialsName('Смит Джон')).toBe(nb('Д. Смит'));
    expect(initialsName('Дюма Жан-Клод')).toBe(nb('Ж.-К. Дюма'));
    expect(initialsName('Петров')).toBe('Петров');
  });
});
