/** One sample of a Prometheus text exposition. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\["\\n])*)"\s*(,|$)/y;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/**
 * A strict parser of the text format 0.0.4: every line must be a HELP, a TYPE (declared once, before
 * its samples) or a sample with a number; anything else throws, so a malformed exposition fails the test.
 */
export function parsePrometheusText(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const [index, line] of text.split('\n').entries()) {
    if (line === '') continue;
    const fail = (why: string) => new Error(`line ${index + 1} (${why}): ${line}`);
    if (line.startsWith('# HELP ')) {
      if (!new RegExp(`^# HELP ${NAME} .*$`).test(line)) throw fail('bad HELP');
      continue;
    }
    if (line.startsWith('# TYPE ')) {
      const [, , name, type] = line.split(' ');
      if (!new RegExp(`^${NAME}$`).test(name) || !TYPES.has(type)) throw fail('bad TYPE');
      if (types.has(name)) throw fail('TYPE declared twice');
      types.set(name, type);
      continue;
    }
    if (line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw fail('not a sample');
    const [, name, rawLabels = '', rawValue] = match;
    const value = parseGoFloat(rawValue);
    if (value === null) throw fail('value is not a number');
    const family = name.replace(/_(bucket|sum|count|total|created)$/, '');
    if (!types.has(name) && !types.has(family)) throw fail('sample before its TYPE');
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < rawLabels.length) {
      const label = LABEL.exec(rawLabels);
      if (!label) throw fail('bad labels');
      labels[label[1]] = label[2].replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    }
    samples.push({ name, labels, value });
  }
  return { samples, types };
}

/** Values as Prometheus reads them (Go's ParseFloat): NaN and Inf in any case, with a sign for Inf. */
function parseGoFloat(raw: string): number | null {
  if (/^nan$/i.test(raw)) return Number.NaN;
  const infinity = /^([+-]?)inf(inity)?$/i.exec(raw);
  if (infinity) return infinity[1] === '-' ? -Infinity : Infinity;
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(raw) ? Number(raw) : null;
}

/** The value of the one sample with this name and these labels (0 when absent: a counter not yet moved). */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}
