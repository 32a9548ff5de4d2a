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
    res.status(413).json({ success: false, message: 'O pedido é demasiado grande' });
    return;
  }
  const status = e.status ?? e.statusCode;
  if (status && status >= 400 && status < 500) {
    res.status(status).json({ success: false, message: 'Pedido inválido' });
    return;
  }
  if (databaseUnavailable(err)) {
    res.status(503).json({ success: false, message: 'Serviço temporariamente indisponível' });
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  res.status(500).json({ success: false, message: 'Erro interno do servidor' });
};
