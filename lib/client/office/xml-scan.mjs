// A linear pre-check of the XML parts of a book before exceljs parses them (see scanPart). Plain JavaScript
// so that the XLSX worker can load it as it is.

const EXCEL_ROWS = 1_048_576;
const MAX_DEPTH = 64;

const isNameStart = (b) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f || b >= 0x80;
const indexOfBytes = (bytes, seq, from) => {
  outer: for (let i = from; i + seq.length <= bytes.length; i++) {
    for (let k = 0; k < seq.length; k++) if (bytes[i + k] !== seq[k]) continue outer;
    return i;
  }
  return -1;
};
const END_COMMENT = [0x2d, 0x2d, 0x3e]; // -->
const END_CDATA = [0x5d, 0x5d, 0x3e]; // ]]>

/**
 * One linear pass over an XML part before exceljs sees it: element depth (quoted attribute values,
 * comments and CDATA skipped), the number of cells and rows (`<c>`, `<row>`, any prefix) and the largest row and
 * column named by an `r="…"` reference. Refuses what is deeper than MAX_DEPTH, has more cells or
 * rows than `limits` or points outside Excel's sheet (exceljs would spend time or memory on it), or is not
 * XML at all: the reason, or null for a part fit to parse.
 */
function scan(bytes, limits) {
  let depth = 0;
  let cells = 0;
  let rows = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== 0x3c) continue; // '<'
    const b = bytes[i + 1];
    if (b === 0x21) {
      // <!-- … -->, <![CDATA[ … ]]>, <!DOCTYPE …>
      const end = bytes[i + 2] === 0x2d ? indexOfBytes(bytes, END_COMMENT, i + 4) : bytes[i + 2] === 0x5b ? indexOfBytes(bytes, END_CDATA, i + 3) : bytes.indexOf(0x3e, i);
      if (end < 0) throw new Refused('bad');
      i = end;
      continue;
    }
    const closing = b === 0x2f;
    if (!closing && b !== 0x3f && !isNameStart(b)) continue;
    // the element's name (its local part after a prefix), then attributes to '>'
    let j = i + (closing ? 2 : 1);
    let local = j;
    while (j < bytes.length && bytes[j] !== 0x20 && bytes[j] !== 0x3e && bytes[j] !== 0x2f && bytes[j] !== 0x09 && bytes[j] !== 0x0a && bytes[j] !== 0x0d) {
      if (bytes[j] === 0x3a) local = j + 1;
      j++;
    }
    const isCell = j - local === 1 && bytes[local] === 0x63; // c
    const isRow = j - local === 3 && bytes[local] === 0x72 && bytes[local + 1] === 0x6f && bytes[local + 2] === 0x77; // row
    let quote = 0;
    let selfClosing = false;
    for (; j < bytes.length; j++) {
      const x = bytes[j];
      if (quote) {
        if (x === quote) quote = 0;
      } else if (x === 0x22 || x === 0x27) {
        quote = x;
        if (x === 0x22 && bytes[j - 1] === 0x3d && bytes[j - 2] === 0x72 && bytes[j - 3] <= 0x20) checkRef(bytes, j + 1);
      } else if (x === 0x3e) break;
      else if (x === 0x3c) throw new Refused('bad');
    }
    if (j >= bytes.length) throw new Refused('bad');
    selfClosing = bytes[j - 1] === 0x2f;
    if (b === 0x3f) {
      i = j;
      continue;
    }
    if (closing) depth--;
    else {
      if (isCell && ++cells > limits.maxCells) throw new Refused('cells');
      if (isRow && ++rows > limits.maxRows) throw new Refused('rows');
      if (!selfClosing && ++depth > MAX_DEPTH) throw new Refused('bad');
    }
    i = j;
  }
}

/** A reference `r="AB12"` or `r="12"` (a cell or a row) must lie within Excel's sheet. */
function checkRef(bytes, at) {
  let j = at;
  let letters = 0;
  while (j < bytes.length && bytes[j] >= 0x41 && bytes[j] <= 0x5a) {
    letters++;
    j++;
  }
  let digits = 0;
  let row = 0;
  while (j < bytes.length && bytes[j] >= 0x30 && bytes[j] <= 0x39 && digits < 9) {
    row = row * 10 + (bytes[j] - 0x30);
    digits++;
    j++;
  }
  if (letters > 3 || row > EXCEL_ROWS || (bytes[j] >= 0x30 && bytes[j] <= 0x39)) throw new Refused('bad');
}


class Refused {
  constructor(reason) {
    this.reason = reason;
  }
}

/** @returns {'bad' | 'cells' | 'rows' | null} */
export function scanPart(bytes, limits) {
  try {
    scan(bytes, limits);
    return null;
  } catch (e) {
    if (e instanceof Refused) return e.reason;
    throw e;
  }
}
