import b from './blocks.module.css';

const FEATURES = [
  { icon: 'pi pi-list', title: 'Спецификации', text: 'Материалы и операции с нормами, импорт из XLSX.' },
  { icon: 'pi pi-chart-pie', title: 'Калькуляция', text: 'Статьи затрат, накладные, точка безубыточности.' },
  { icon: 'pi pi-percentage', title: 'Калькуляторы', text: 'НДС, зарплата, пени — по ставкам на дату.' },
  { icon: 'pi pi-file-word', title: 'Документы', text: 'Счета и акты по шаблонам с суммой прописью.' },
];

/** Four features in a grid: icon, title, one line. */
export function FeaturesBlock() {
  return (
    <div className={b.features}>
      {FEATURES.map((f) => (
        <div key={f.title} className={b.feature}>
          <i className={`${f.icon} ${b.featureIcon}`} aria-hidden="true" />
          <h3>{f.title}</h3>
          <p>{f.text}</p>
        </div>
      ))}
    </div>
  );
}
