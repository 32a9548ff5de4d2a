import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError } from './errors';

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
}

/** Connection-level failures mean the database is down, which is a 503, not a bug. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03']);

function databaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as HttpishError).code;
    if (code && UNAVAILABLE_CODES.has(code)) return true;
    if (e instanceof Error && /PGlite is closed/.test(e.message)) return true;
  }
  return false;
}

/**
 * PostgreSQL's refusals of a value itself (a NUL or bytes that are not UTF-8, text that is not a
 * number, uuid or date, a string longer than its column, a number out of range): the request was
 * bad, not the server. Validation should catch these first; this keeps a miss a 400, not a 500.
 */
const BAD_VALUE_CODES = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire (NUL, invalid UTF-8)
  '22P02', // invalid_text_representation
  '22P05', // untranslatable_character
  '22004', // null_value_not_allowed
]);

/** Drizzle wraps the driver's error, so its SQLSTATE may sit on any `cause` down the chain. */
function hasDatabaseCode(err: unknown, codes: ReadonlySet<string>): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as HttpishError).code;
    if (code && codes.has(code)) return true;
  }
  return false;
}

const badValue = (err: unknown) => hasDatabaseCode(err, BAD_VALUE_CODES);

/**
 * 23503 foreign_key_violation: a row other rows still point at (a course with refunded sales), or a
 * reference to one that is gone. The request clashes with what is stored, so 409, never a 500; a
 * service that knows the case throws its own conflict with a way on first.
 */
const FOREIGN_KEY_CODES = new Set(['23503']);
const referencedRow = (err: unknown) => hasDatabaseCode(err, FOREIGN_KEY_CODES);

export const REFERENCED_ROW_CONFLICT =
  'Não foi possível concluir: outros dados ligados a este registro o impedem';

export const notFoundApiHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ success: false, message: 'Recurso não encontrado' });
};

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) return;
  if (err instanceof AppError) {
    res.status(err.status).json({ success: false, message: err.message });
    return;
  }
  const e = err as HttpishError;
  // body-parser's own errors: malformed JSON, oversized bodies, unsupported charsets.
  if (e.type === 'entity.parse.failed') {
    res.status(400).json({ success: false, message: 'O corpo do pedido não é JSON válido' });
    return;
  }
  if (e.type === 'entity.too.large' || e.code === 'LIMIT_FILE_SIZE') {
    res.status(413).json({ success: false, message: 'A solicitação é grande demais' });
    return;
  }
  const status = e.status ?? e.statusCode;
  if (status && status >= 400 && status < 500) {
    res.status(status).json({ success: false, message: 'Pedido inválido' });
    return;
  }
  if (badValue(err)) {
    req.log?.warn({ err }, 'value refused by the database');
    res
      .status(400)
      .json({ success: false, message: 'Pedido inválido: um valor enviado não é aceito' });
    return;
  }
  if (referencedRow(err)) {
    req.log?.warn({ err }, 'foreign key refused the change');
    res.status(409).json({ success: false, message: REFERENCED_ROW_CONFLICT });
    return;
  }
  if (databaseUnavailable(err)) {
    res.status(503).json({ success: false, message: 'Serviço temporariamente indisponível' });
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  res.status(500).json({ success: false, message: 'Erro interno do servidor' });
};
