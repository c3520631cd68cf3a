/** RFC 4180: quoted when needed, a formula-looking cell defused for spreadsheets. */
function cell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as a CSV file's text. */
export const csv = (rows: (string | number)[][]) =>
  rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
