import fc from 'fast-check';
import type { z } from 'zod';

/** Test helper: fast-check inputs derived from the contract's zod schemas. */

export interface FuzzHints {
  /** Stand in for UUIDs, so that some requests name rows that exist. */
  uuids: readonly string[];
  /** Realistic strings mixed into every string field: lecture ids, e-mails, links of the test data. */
  texts: readonly string[];
}

/** Strings that have broken servers before: what PostgreSQL, JSON, URLs or HTML choke on. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  '   ',
  '\u0000',
  'a\u0000b',
  '\\u0000',
  '%00',
  '\uD800',
  'x\uDFFFy',
  '\uFEFFtítulo',
  'Pay\u200BPal',
  'foto\u202Egpj.exe',
  '\u2066isolado',
  '\u001B[31mvermelho',
  'linha\nquebrada\r\n',
  'Introduc\u0327a\u0303o',
  '\u{1F469}\u{1F3FD}\u200D\u{1F4BB} \u{1F680}',
  'ＡＢＣ',
  "'; drop table users; --",
  "' or '1'='1",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../etc/passwd',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-1',
  '1e999',
];

/**
 * Single characters that the database, JSON or a reader's eyes treat specially: NUL and other
 * controls, halves of surrogate pairs, zero-width and bidi characters, and the line breaks and tab
 * only multi-line fields may hold.
 */
export const HAZARD_CHARACTERS: readonly string[] = [
  '\u0000',
  '\u0001',
  '\u001B',
  '\u007F',
  '\u0085',
  '\uD800',
  '\uDFFF',
  '\u200B',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u200F',
  '\u202E',
  '\u2066',
  '\u061C',
  '\t',
  '\n',
];

const anyUtf16Unit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/**
 * A hostile string: a hazard character inside ordinary text (most often, since one such character
 * is enough to reach a database that refuses it), a known troublemaker, random UTF-16 (lone
 * surrogates included), or a huge one.
 */
export function hostileString(): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom('', 'a', 'Curso '), fc.constantFrom(...HAZARD_CHARACTERS))
        .map(([text, hazard]) => `${text}${hazard}x`),
    },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 1, arbitrary: fc.string({ unit: anyUtf16Unit, maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('x', 'é', '\u{1F680}', '\u0000'),
          fc.constantFrom(201, 5_001, 120_000),
        )
        .map(([unit, times]) => unit.repeat(times)),
    },
  );
}

/**
 * A hostile piece of an address (a query value or a path id): hostile text cut to 300 characters
 * (an address past Node's header limit is refused by the HTTP parser, not by the app), without lone
 * surrogates (encodeURIComponent throws on them), or one of `near` — values close to real ones.
 */
export function hostileAddressPart(near: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    hostileString()
      .map((text) => text.slice(0, 300))
      .filter(
        (text) => !/[\uD800-\uDFFF]/.test(text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '')),
      ),
    fc.constantFrom(...near),
  );
}

/** Own keys that pollute prototypes when a server merges input into objects carelessly. */
function withPollutingKeys(value: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...value, constructor: { prototype: { polluted: 1 } } };
  // An own '__proto__' property, as JSON.parse creates it; an assignment would set the prototype.
  Object.defineProperty(copy, '__proto__', {
    value: { polluted: 1 },
    enumerable: true,
    configurable: true,
    writable: true,
  });
  return copy;
}

/** A value of the wrong kind for whatever field it lands in. */
export function wrongValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2 ** 53 + 1, -0, 1e308, [], {}),
    fc.double(),
    hostileString(),
    fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
    fc.dictionary(hostileString(), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
    fc.constant(withPollutingKeys({})),
  );
}

type Def = Record<string, unknown> & { type: string };
type Check = { _zod: { def: Record<string, unknown> & { check: string } } };

function defOf(schema: z.ZodType): Def {
  return schema._zod.def as unknown as Def;
}

function checksOf(def: Def): Check['_zod']['def'][] {
  return ((def.checks as Check[] | undefined) ?? []).map((check) => check._zod.def);
}

/** Inclusive bounds and whether only whole numbers pass, read from a number schema's checks. */
function numberBounds(def: Def): { min: number; max: number; int: boolean } {
  let min = -1e6;
  let max = 1e6;
  let int = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') min = check.value as number;
    if (check.check === 'less_than') max = check.value as number;
    if (check.check === 'number_format') int = true;
  }
  return { min, max, int };
}

function lengthBounds(def: Def): { min: number; max: number } {
  let min = 0;
  let max = 60;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = check.minimum as number;
    if (check.check === 'max_length') max = check.maximum as number;
  }
  return { min, max };
}

function stringArbitrary(
  schema: z.ZodType,
  def: Def,
  hints: FuzzHints,
  hostile: boolean,
): fc.Arbitrary<unknown> {
  const { min, max } = lengthBounds(def);
  const accepted = (text: string) => schema.safeParse(text).success;
  let shaped: fc.Arbitrary<string>;
  if (def.format === 'uuid') shaped = fc.constantFrom(...hints.uuids);
  else if (def.format === 'email') shaped = fc.emailAddress();
  // Random text is never a date, and filtering for one never ends (it hung the whole suite).
  else if (def.format === 'datetime' || def.format === 'date') {
    const dates = fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2100-01-01T00:00:00Z'),
      noInvalidDate: true,
    });
    shaped = dates.map((d) =>
      def.format === 'date' ? d.toISOString().slice(0, 10) : d.toISOString(),
    );
  } else {
    const known = ['', ...hints.texts].filter(accepted);
    const free = fc
      .string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 30) })
      .filter(accepted);
    // A refinement such as the lecture URL's is opaque; when plain letters do not pass it, only
    // the known texts it accepts are used.
    const plainPasses = accepted('a'.repeat(Math.max(min, 1)));
    if (known.length === 0) shaped = free;
    else if (!plainPasses) shaped = fc.constantFrom(...known);
    else shaped = fc.oneof(free, fc.constantFrom(...known));
  }
  if (!hostile) return shaped;
  return fc.oneof(
    { weight: 3, arbitrary: shaped },
    { weight: 3, arbitrary: hostileString() },
    { weight: 1, arbitrary: fc.uuid() },
    // Just over the limit, and the hostile text inside an otherwise ordinary value.
    { weight: 1, arbitrary: fc.constant('x'.repeat(max + 1)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(shaped, hostileString())
        .map(([text, inserted]) => `${text.slice(0, 3)}${inserted}${text.slice(3)}`),
    },
  );
}

function numberArbitrary(def: Def, hostile: boolean): fc.Arbitrary<unknown> {
  const { min, max, int } = numberBounds(def);
  const whole = fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  // Prices are whole cents; other fractions are left to the hostile mix.
  const cents = fc
    .integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) })
    .map((n) => n / 100);
  const shaped = int ? whole : fc.oneof(whole, cents);
  if (!hostile) return shaped;
  return fc.oneof(
    { weight: 3, arbitrary: shaped },
    { weight: 1, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        min - 1,
        max + 0.5,
        max + 1,
        Number.MAX_VALUE,
        -Number.MAX_VALUE,
        0.001,
        1e-320,
      ),
    },
    { weight: 1, arbitrary: fc.double() },
  );
}

function objectArbitrary(def: Def, hints: FuzzHints, hostile: boolean): fc.Arbitrary<unknown> {
  const shape = def.shape as Record<string, z.ZodType>;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(shape))
    model[key] = arbitraryFrom(child, hints, { hostile });
  const required = Object.keys(shape).filter((key) => shape[key]!._zod.optin !== 'optional');
  const complete = fc.record(model, { requiredKeys: required });
  if (!hostile) return complete;
  return fc.oneof(
    { weight: 6, arbitrary: complete },
    // Required fields missing.
    { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) },
    {
      weight: 1,
      arbitrary: complete.map((value) => withPollutingKeys(value as Record<string, unknown>)),
    },
  );
}

/**
 * Values shaped by a schema: with `hostile` off, values that mostly pass it (custom refinements
 * aside); with it on, every field may also hold hostile strings, out-of-range numbers, a value of the
 * wrong kind, or be missing, and objects may carry prototype-polluting keys.
 */
export function arbitraryFrom(
  schema: z.ZodType,
  hints: FuzzHints,
  options: { hostile: boolean },
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const { hostile } = options;
  let shaped: fc.Arbitrary<unknown>;
  switch (def.type) {
    case 'object':
      shaped = objectArbitrary(def, hints, hostile);
      break;
    case 'string':
      shaped = stringArbitrary(schema, def, hints, hostile);
      break;
    case 'number':
      shaped = numberArbitrary(def, hostile);
      break;
    case 'boolean':
      shaped = fc.boolean();
      break;
    case 'enum':
      shaped = fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
      break;
    case 'literal':
      shaped = fc.constantFrom(...(def.values as unknown[]));
      break;
    case 'array': {
      const { min, max } = lengthBounds(def);
      const element = arbitraryFrom(def.element as z.ZodType, hints, options);
      shaped = fc.array(element, { minLength: min, maxLength: Math.min(max, 3) });
      if (hostile && max <= 200) {
        shaped = fc.oneof(
          { weight: 9, arbitrary: shaped },
          { weight: 1, arbitrary: fc.array(element, { minLength: max + 1, maxLength: max + 1 }) },
        );
      }
      break;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return arbitraryFrom(def.innerType as z.ZodType, hints, options);
    case 'pipe': {
      // A string piped into a format (the e-mail) is generated from the format, which says more.
      const out = def.out as z.ZodType;
      const side = defOf(out).format ? out : (def.in as z.ZodType);
      return arbitraryFrom(side, hints, options);
    }
    case 'union':
      shaped = fc.oneof(
        ...(def.options as z.ZodType[]).map((option) => arbitraryFrom(option, hints, options)),
      );
      break;
    default:
      throw new Error(`fuzz: add the zod kind "${def.type}" to arbitraryFrom`);
  }
  if (!hostile) return shaped;
  return fc.oneof({ weight: 9, arbitrary: shaped }, { weight: 1, arbitrary: wrongValue() });
}

/** Mostly-valid and hostile values of a schema, one in four mostly valid so the happy path runs too. */
export function fuzzInput(schema: z.ZodType, hints: FuzzHints): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 1, arbitrary: arbitraryFrom(schema, hints, { hostile: false }) },
    { weight: 3, arbitrary: arbitraryFrom(schema, hints, { hostile: true }) },
  );
}

type Path = (string | number)[];

/** Where the primitive values of a JSON value sit: ['courseContent', 0, 'chapterTitle'], … */
export function leafPaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leafPaths(item, [...path, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]));
  }
  return [path];
}

/** A copy of `value` with the leaf at `path` replaced; undefined drops the key once serialised. */
export function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) {
    return value.map((item, i) => (i === head ? replaceAt(item, rest, replacement) : item));
  }
  const record = value as Record<string, unknown>;
  return { ...record, [head]: replaceAt(record[head], rest, replacement) };
}

/**
 * A known-good body with one value, at any depth, made hostile or removed: the request passes every
 * other check, so the hostile value reaches as deep as it can.
 */
export function mutatedExample(example: unknown): fc.Arbitrary<unknown> {
  const replacement = fc.oneof(
    { weight: 6, arbitrary: hostileString() },
    { weight: 2, arbitrary: wrongValue() },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc
    .tuple(fc.constantFrom(...leafPaths(example)), replacement)
    .map(([path, value]) => replaceAt(example, path, value));
}

/** What the one-field sweep puts in each value of a known-good body in turn. */
export const SWEEP_VALUES: readonly unknown[] = [
  'a\u0000b',
  'a\uD800b',
  'a\u202Eb',
  'a\u200Bb',
  'a\u0085b',
  'a\nb',
  1e308,
  null,
  {},
];

/** A request body for `schema`: mostly schema-derived input, sometimes a value of the wrong kind. */
export function fuzzBody(schema: z.ZodType, hints: FuzzHints): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: fuzzInput(schema, hints) },
    { weight: 1, arbitrary: wrongValue() },
  );
}
