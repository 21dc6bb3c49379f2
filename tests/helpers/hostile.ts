import fc from 'fast-check';

/**
 * Generators of hostile call input for the gateway fuzz suite: wrong types, missing and unknown fields, huge
 * and control-character strings, path traversal in names, NaN / negative / huge numbers, deep JSON, broken
 * JSON, wrong content types and multipart bodies without fields.
 */

/** Field names every call is tried with besides its schema's own. */
export const COMMON_FIELDS = [
  'id', 'ids', 'name', 'root', 'type', 'login', 'password', 'version', 'spec', 'doc', 'params', 'items', 'token',
  'upload_id', 'chunk_id', 'search', 'limit', 'offset', 'data', 'kind', 'value', 'metadata', 'accessToken',
  '__proto__', 'constructor', 'toString',
];

const TRICKY_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\u001b[31mкрасный', '\u0007', '\u007f', '\u0085', '\ud800', 'x\udfffy', '\u202eтекст',
  '\ufeff', '../../../etc/passwd', '..\\..\\windows\\win.ini', '/etc/passwd', '%2e%2e%2f%2e%2e%2f', '....//....//', '..',
  '.', 'CON', 'nul.txt', 'имя/с/косой', "'; drop table users; --", '<script>alert(1)</script>', '{{constructor}}',
  '__proto__', 'NaN', 'Infinity', '-1', '1e400', '0x10', '٣٤', '00000000-0000-0000-0000-000000000000', 'a'.repeat(257),
];

/** Strings a person would not type. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\u0001', '\u0008', '\u000b', '\u001f', '\u007f', '\u009f', '\ud83d'))
      .map(([s, c]) => `${s}${c}${s}`),
  },
  { weight: 1, arbitrary: fc.integer({ min: 10_000, max: 400_000 }).map((n) => 'я'.repeat(n)) },
);

/** Numbers at the edges (NaN and Infinity go as text in JSON bodies, see `bodyText`). */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, -0, 0, 0.1 + 0.2, 1e308, -1e308, 2 ** 53 + 2, 1e-320, 99999999999999999999, -2147483649),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Any JSON value built of hostile parts, a few levels deep. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...COMMON_FIELDS, 'x', ''), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A body object over the given field names: some missing, each of any type. */
export const hostileObject = (fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> =>
  fc.dictionary(fc.constantFrom(...fields, ...COMMON_FIELDS), hostileValue, { maxKeys: 6 });

export type BodyShape = { text: string; contentType?: string; note: string };

const deep = (n: number, key: string) => `{"${key}":${'['.repeat(n)}${']'.repeat(n)}}`;

/** The text of a JSON call's body and the content type it is sent with. */
export const jsonBody = (fields: readonly string[]): fc.Arbitrary<BodyShape> =>
  fc
    .tuple(
      fc.oneof(
        { weight: 5, arbitrary: hostileObject(fields).map((o) => ({ text: JSON.stringify(o), note: 'object' })) },
        {
          // One field of the call's own, a hostile string: a body that passes everything but that one value.
          weight: 3,
          arbitrary: fc
            .tuple(fc.constantFrom(...fields), hostileString)
            .map(([k, v]) => ({ text: JSON.stringify({ [k]: v }), note: 'one hostile field' })),
        },
        { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 65, max: 200_000 }), fc.constantFrom(...fields, 'x')).map(([n, k]) => ({ text: deep(n, k), note: `deep ${n}` })) },
        { weight: 1, arbitrary: fc.constantFrom(...fields, 'x').chain((k) => fc.constantFrom(`{"${k}":1e400}`, `{"${k}":-1e400}`, `{"${k}":NaN}`, `{"${k}":[1e999,-0.0]}`)).map((text) => ({ text, note: 'extreme number' })) },
        { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('{', '[]', 'null', '42', '"текст"', '{"a":}', '\u0000')).map((text) => ({ text, note: 'not an object' })) },
      ),
      fc.oneof(
        { weight: 12, arbitrary: fc.constant('application/json') },
        { weight: 1, arbitrary: fc.constantFrom('text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=koi8-r', 'application/xml') },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
    )
    .map(([b, contentType]) => ({ ...b, contentType }));

/** Bodies of a call that reads its own body (multipart uploads): multipart without fields, junk, wrong types. */
export const rawBody: fc.Arbitrary<BodyShape> = fc.oneof(
  fc.constant({ text: '--x--\r\n', contentType: 'multipart/form-data; boundary=x', note: 'multipart without fields' }),
  fc
    .dictionary(fc.constantFrom('upload_id', 'chunk_id', 'data', 'x'), hostileString, { maxKeys: 3 })
    .map((fields) => ({
      text: Object.entries(fields)
        .map(([k, v]) => `--x\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v.slice(0, 1000)}\r\n`)
        .join('') + '--x--\r\n',
      contentType: 'multipart/form-data; boundary=x',
      note: 'multipart with text fields only',
    })),
  fc.string({ maxLength: 200 }).map((text) => ({ text, contentType: 'multipart/form-data; boundary=x', note: 'broken multipart' })),
  jsonBody(['upload_id', 'chunk_id']),
);

/** A query string of hostile values (GET calls). */
export const hostileQuery = (fields: readonly string[]): fc.Arbitrary<string> =>
  fc
    .dictionary(fc.constantFrom(...fields, ...COMMON_FIELDS, 'link', 'grant', 'download', 'inline', 'ids'), hostileString, { maxKeys: 4 })
    .map((q) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, v.slice(0, 5000)])).toString());

/** A path parameter (`file/:id`): traversal, control characters, huge. */
export const hostileSegment: fc.Arbitrary<string> = hostileString.map((s) => {
  try {
    return encodeURIComponent(s.slice(0, 3000)) || 'x';
  } catch {
    return '%ED%A0%80'; // a lone surrogate half as UTF-8 bytes: does not decode
  }
});
