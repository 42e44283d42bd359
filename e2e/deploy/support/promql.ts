/**
 * The metric names a PromQL expression reads, for checking alerts and dashboards against the
 * metrics that exist. A small reader, not a full parser: it tokenizes, skips what sits inside label
 * matchers `{...}` and ranges `[...]` (label names, values, durations, Grafana's `$__rate_interval`),
 * the label lists after by / without / on / ignoring / group_left / group_right, functions and
 * aggregations (an identifier before `(`, or an aggregation before by / without) and keywords; every
 * identifier left is a metric name. An identifier before `(` that is no PromQL function is an error,
 * so a misspelt function is not taken for a metric either.
 */

/** PromQL's aggregation operators and functions (Prometheus 2.x/3.x querying reference). */
// prettier-ignore
const FUNCTIONS = new Set([
  // aggregations
  'sum', 'min', 'max', 'avg', 'group', 'stddev', 'stdvar', 'count', 'count_values', 'bottomk', 'topk',
  'quantile', 'limitk', 'limit_ratio',
  // functions
  'abs', 'absent', 'absent_over_time', 'ceil', 'changes', 'clamp', 'clamp_max', 'clamp_min',
  'day_of_month', 'day_of_week', 'day_of_year', 'days_in_month', 'delta', 'deriv', 'exp', 'floor',
  'histogram_avg', 'histogram_count', 'histogram_fraction', 'histogram_quantile', 'histogram_sum',
  'histogram_stddev', 'histogram_stdvar', 'holt_winters', 'double_exponential_smoothing', 'hour',
  'idelta', 'increase', 'irate', 'label_join', 'label_replace', 'ln', 'log2', 'log10', 'minute',
  'month', 'predict_linear', 'rate', 'resets', 'round', 'scalar', 'sgn', 'sort', 'sort_desc',
  'sort_by_label', 'sort_by_label_desc', 'sqrt', 'time', 'timestamp', 'vector', 'year',
  'avg_over_time', 'min_over_time', 'max_over_time', 'sum_over_time', 'count_over_time',
  'quantile_over_time', 'stddev_over_time', 'stdvar_over_time', 'last_over_time', 'present_over_time',
  'mad_over_time', 'acos', 'acosh', 'asin', 'asinh', 'atan', 'atanh', 'cos', 'cosh', 'sin', 'sinh',
  'tan', 'tanh', 'deg', 'rad', 'pi',
  // the @ modifier's
  'start', 'end',
]);
/** Keywords followed by a parenthesised list of label names. */
const LABEL_LISTS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right']);
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'atan2', 'inf', 'nan']);

const TOKEN =
  /\s+|#[^\n]*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`|\$\{[^}]*\}|\$\w+|\d[\w.]*|[a-zA-Z_:][\w:]*|[(){}[\],]|[=!<>~]+|[-+*/%^@]/y;

function tokenize(expr: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < expr.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(expr);
    if (!m) throw new Error(`Cannot read PromQL at "${expr.slice(at, at + 20)}" in: ${expr}`);
    if (!/^\s|^#/.test(m[0])) tokens.push(m[0]);
  }
  return tokens;
}

const isIdentifier = (t: string) => /^[a-zA-Z_:][\w:]*$/.test(t);

export function metricNames(expr: string): string[] {
  const tokens = tokenize(expr);
  const names: string[] = [];
  let braces = 0;
  let brackets = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === '{') braces++;
    else if (t === '}') braces--;
    else if (t === '[') brackets++;
    else if (t === ']') brackets--;
    if (braces > 0 || brackets > 0 || !isIdentifier(t)) continue;
    const keyword = t.toLowerCase();
    const next = tokens[i + 1];
    if (LABEL_LISTS.has(keyword)) {
      if (next === '(') i = tokens.indexOf(')', i);
      continue;
    }
    if (KEYWORDS.has(keyword)) continue;
    if (next === '(') {
      if (!FUNCTIONS.has(t)) throw new Error(`"${t}" is not a PromQL function, in: ${expr}`);
      continue;
    }
    if (FUNCTIONS.has(t) && LABEL_LISTS.has(next?.toLowerCase())) continue;
    names.push(t);
  }
  if (braces !== 0 || brackets !== 0) throw new Error(`Unbalanced braces or brackets in: ${expr}`);
  return [...new Set(names)];
}
