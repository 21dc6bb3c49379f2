/** Real-looking реквизиты (public numbers). */
export const sberbank = {
  isOwn: false,
  kind: 'legal',
  fullName: 'Публичное акционерное общество «Сбербанк России»',
  shortName: 'ПАО Сбербанк',
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '1027700132195',
  okpo: '00032537',
  legalAddress: '117312, г. Москва, ул. Вавилова, д. 19',
  directorName: 'Греф Герман Оскарович',
  directorTitle: 'Президент, Председатель Правления',
  phone: '+7 (495) 500-55-50',
  email: 'sberbank@sberbank.ru',
  taxRegime: 'osno',
  bankAccounts: [
    { bik: '044525225', bankName: 'ПАО Сбербанк', corrAccount: '30101810400000000225', account: '40702810938000012345', isDefault: true },
  ],
};

export const ownWorkshop = {
  isOwn: true,
  kind: 'entrepreneur',
  fullName: 'Индивидуальный предприниматель Иванов Иван Иванович',
  shortName: 'ИП Иванов И. И.',
  inn: '500100732259',
  ogrn: '304500116000157',
  snils: '112-233-445 95',
  taxRegime: 'usn15',
  bankAccounts: [
    { bik: '044030827', bankName: 'Банк «Пример»', corrAccount: '30101810200000000827', account: '40702810900000002851' },
  ],
  costing: {
    additionalWagePct: '10',
    contributionsPct: 30,
    accidentPct: '0,2',
    shop: { base: 'wages', pct: '100' },
    general: { base: 'direct', pct: '50' },
    sellingPct: '5',
  },
};
