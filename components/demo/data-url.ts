import { formatSize } from '@/lib/domain/files/format-size';

export type DataUrlResult = { ok: true; url: string; name: string; size: number; type: string } | { ok: false; message: string };

/**
 * A file the user picked, as a data URL for the demo's browser storage. Files over `maxBytes` are refused
 * with a Russian message before reading: localStorage holds about 5 MB for the whole site.
 */
export function readDataUrl(file: File, maxBytes: number, accept?: (type: string) => boolean): Promise<DataUrlResult> {
  if (accept && !accept(file.type)) {
    return Promise.resolve({ ok: false, message: `Файл «${file.name}» не подходит: выберите изображение (PNG, JPEG, GIF, WebP).` });
  }
  if (file.size > maxBytes) {
    return Promise.resolve({
      ok: false,
      message: `Файл «${file.name}» — ${formatSize(file.size)}, а в демо можно не больше ${formatSize(maxBytes)}: данные хранятся в браузере.`,
    });
  }
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve({ ok: true, url: String(reader.result), name: file.name, size: file.size, type: file.type || 'application/octet-stream' });
    reader.onerror = () => resolve({ ok: false, message: `Не удалось прочитать файл «${file.name}».` });
    reader.readAsDataURL(file);
  });
}

export const isImageType = (type: string) => /^image\/(png|jpeg|gif|webp)$/.test(type);
