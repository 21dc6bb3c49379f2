/** The list's table and tiles (`FileListView`): a chunk of its own, outside every page's first-load JavaScript. */
export const loadListView = () => import('./FileListView');

/** Starts loading the table's code now (a failure is left to the list's own load, which asks again). */
export function preloadListView(): void {
  loadListView().catch(() => undefined);
}
