/** File sizes the Russian way: «0 Б», «512 Б», «1,5 КБ», «25 МБ», «1,02 ГБ» (binary units, decimal comma). */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  const units = ['Б', 'КБ', 'МБ', 'ГБ', 'ТБ'];
  let value = bytes;
  let u = 0;
  while (value >= 1024 && u < units.length - 1) {
    value /= 1024;
    u++;
  }
  const digits = u === 0 ? 0 : value < 10 ? 2 : value < 100 ? 1 : 0;
  let text = value.toFixed(digits);
  if (text.includes('.')) text = text.replace(/0+$/, '').replace(/\.$/, '');
  text = text.replace('.', ',');
  return `${text} ${units[u]}`;
}
