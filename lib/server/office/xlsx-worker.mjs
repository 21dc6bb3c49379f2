// The XLSX reader's worker thread: one book at a time, so parsing never holds the server's event loop.
import { readWorkbook, XlsxError } from '../../client/office/xlsx-read.mjs';
import { serveJobs } from './worker-serve.mjs';

// exceljs is large: load it while the first book is on its way.
void import('exceljs');

serveJobs(({ bytes, options }) => readWorkbook(bytes, options), { shown: (e) => e instanceof XlsxError });
