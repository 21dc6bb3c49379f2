import b from './blocks.module.css';

const STATS = [
  { value: '12 000+', label: 'спецификаций' },
  { value: '19', label: 'калькуляторов' },
  { value: '0,00 ₽', label: 'расхождения в копейках' },
  { value: '99,9 %', label: 'доступность' },
];

/** A row of figures. */
export function StatsBlock() {
  return (
    <div className={b.stats}>
      {STATS.map((s) => (
        <div key={s.label}>
          <strong>{s.value}</strong>
          <span>{s.label}</span>
        </div>
      ))}
    </div>
  );
}
