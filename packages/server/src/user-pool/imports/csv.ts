// Reading an import file: RFC 4180 CSV (comma-separated, fields optionally in double quotes with ""
// for a quote, CRLF or LF line ends, an optional UTF-8 byte-order mark). Blank lines are skipped.

/** One data row: its fields and its 1-based number among the data rows (the header is row 0). */
export interface CsvRow {
  readonly number: number;
  readonly fields: readonly string[];
}

/** A parsed file: the header's fields and the data rows; `error` when the file cannot be read as CSV. */
export interface CsvFile {
  readonly header: readonly string[];
  readonly rows: readonly CsvRow[];
  readonly error?: string;
}

/** Parses `text` as CSV. An unterminated quote ends the file with an error naming its row. */
export function parseCsv(text: string): CsvFile {
  // Most files quote nothing: splitting lines and commas is several times faster than the scan below.
  if (!text.includes('"')) return fromRecords(splitPlain(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text));
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = (): void => {
    record.push(field);
    field = '';
    // A blank line (one empty field) is not a row.
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n') endRecord();
    else if (c === '\r') {
      if (text[i + 1] === '\n') i++;
      endRecord();
    } else field += c;
  }
  if (quoted) {
    return { header: records[0] ?? [], rows: [], error: `Row ${records.length} has a quoted field that never ends.` };
  }
  if (field !== '' || record.length > 0) endRecord();
  return fromRecords(records);
}

/** The records of a file without any quote: lines split at CRLF, LF or CR, fields at commas, blank lines dropped. */
function splitPlain(text: string): string[][] {
  return text
    .split(/\r\n|\n|\r/)
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

function fromRecords(records: readonly string[][]): CsvFile {
  const [header = [], ...data] = records;
  return { header: header.map((h) => h.trim()), rows: data.map((fields, index) => ({ number: index + 1, fields })) };
}
