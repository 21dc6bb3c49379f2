/**
 * What the activity log records: one kind per thing a user does in the product. The services write these
 * as it happens (lib/server/services/activity/record.ts); the «Мой прогресс» page counts them.
 */
export const ACTIVITY_KINDS = [
  'spec.created',
  'spec.saved',
  'cost.calculated',
  'calculator.used',
  'document.uploaded',
  'document.generated',
  'company.added',
  'lesson.completed',
  'course.completed',
] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const isActivityKind = (s: string): s is ActivityKind => (ACTIVITY_KINDS as readonly string[]).includes(s);

/** Russian names of the kinds, as a legend and a table header read them. */
export const ACTIVITY_KIND_TITLES: Record<ActivityKind, string> = {
  'spec.created': 'Новые спецификации',
  'spec.saved': 'Сохранения спецификаций',
  'cost.calculated': 'Калькуляции',
  'calculator.used': 'Калькуляторы',
  'document.uploaded': 'Загруженные документы',
  'document.generated': 'Документы по шаблонам',
  'company.added': 'Новые компании',
  'lesson.completed': 'Пройденные уроки',
  'course.completed': 'Пройденные курсы',
};

/** Counts by kind, every kind present (zero when nothing happened). */
export type KindCounts = Record<ActivityKind, number>;

export const zeroCounts = (): KindCounts => Object.fromEntries(ACTIVITY_KINDS.map((k) => [k, 0])) as KindCounts;

/**
 * Events as the log reads them: a kind, its subject (a specification, a calculator, a company…), when the
 * first of them happened and how many there are (the log may hand several events of one hour as one group).
 */
export interface ActivityEvent {
  kind: ActivityKind;
  subjectId: string | null;
  at: Date;
  count: number;
}
