// The XLSX reader's worker thread: one book at a time, so parsing never holds the server's event loop.
import { parentPort } from 'node:worker_threads';
import { readWorkbook, XlsxError } from '../../client/office/xlsx-read.mjs';

// exceljs is large: load it while the first book is on its way.
void import('exceljs');

parentPort.on('message', async ({ id, bytes, options }) => {
  try {
    const sheets = await readWorkbook(bytes, options);
    parentPort.postMessage({ id, ok: true, sheets });
  } catch (e) {
    parentPort.postMessage({ id, ok: false, msg: e instanceof XlsxError ? e.message : null, detail: e instanceof Error ? e.message : String(e) });
  }
});
