/** Media types by file extension, and which of them a browser may show inline. */

const BY_EXT: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  xml: 'application/xml',
  md: 'text/markdown',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  html: 'text/html',
  htm: 'text/html',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

export const OCTET_STREAM = 'application/octet-stream';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The media type of a file by its name; unknown → application/octet-stream. */
export function mimeOf(name: string): string {
  return BY_EXT[extensionOf(name)] ?? OCTET_STREAM;
}

/**
 * Types served `inline` (tusd's allowlist: plain text, raster images, audio, video). Never HTML or SVG;
 * PDF only inside the viewer's sandboxed frame (`?inline=1`, still with `CSP: sandbox`).
 */
const INLINE = new Set([
  'text/plain',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/bmp',
  'image/webp',
  'audio/wav',
  'audio/webm',
  'audio/ogg',
  'audio/mpeg',
  'video/mp4',
  'video/webm',
  'video/ogg',
]);

export function isInlineType(mime: string, viewerFrame = false): boolean {
  return INLINE.has(mime) || (viewerFrame && mime === 'application/pdf');
}

/** A text type the viewer shows as text. */
export function isTextType(mime: string): boolean {
  return mime === 'text/plain' || mime === 'text/csv' || mime === 'application/json' || mime === 'text/markdown';
}
