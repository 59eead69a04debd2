/** One line of the results table and of bench/results.json. */
export interface Result {
  scenario: string;
  figure: number | null;
  unit: string;
  /** What the figure is held against: a limit measured in the same run, a peer, or a target. */
  reference: string;
  referenceFigure: number | null;
  /** figure / referenceFigure (for latencies and sizes: referenceFigure / figure, so above 1 is better). */
  ratio: number | null;
  note?: string;
}

export function ratio(figure: number | null, reference: number | null, lowerIsBetter = false): number | null {
  if (figure === null || reference === null || figure === 0 || reference === 0) return null;
  return Math.round((lowerIsBetter ? reference / figure : figure / reference) * 100) / 100;
}

function fmt(n: number | null): string {
  if (n === null) return '—';
  if (Math.abs(n) >= 100) return Math.round(n).toLocaleString('en-US');
  return String(Math.round(n * 100) / 100);
}

export function printTable(results: Result[]): void {
  const rows = results.map((r) => [
    r.scenario,
    `${fmt(r.figure)} ${r.unit}`,
    `${r.reference}${r.referenceFigure !== null ? ` (${fmt(r.referenceFigure)})` : ''}`,
    fmt(r.ratio),
    r.note ?? '',
  ]);
  const header = ['scenario', 'figure', 'limit or peer', 'ratio', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}
