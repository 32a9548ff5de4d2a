import type { z } from 'zod';
import { badRequest } from './errors';

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Parses input with a contract schema; the first issue's message becomes the 400 message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const source = input ?? {};
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw badRequest('Dados inválidos');
  const missing =
    issue.code === 'invalid_type' &&
    issue.path.length > 0 &&
    valueAt(source, issue.path) === undefined;
  // zod's own English defaults are replaced; schemas in contract/ carry Portuguese messages.
  const message = missing
    ? `Campo obrigatório ausente: ${issue.path.join('.')}`
    : issue.message.startsWith('Invalid')
      ? `Campo inválido: ${issue.path.join('.') || 'corpo do pedido'}`
      : issue.message;
  throw badRequest(message);
}
