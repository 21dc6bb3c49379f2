import s from './list-loading.module.css';

/** What stands in a list's place while its table's code and first page load: a spinner and «Загрузка…». */
export function ListLoading() {
  return (
    <div className={s.loading} role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Загрузка…
    </div>
  );
}
