import { sql, type SQL } from 'drizzle-orm';

type ElementType = 'text' | 'uuid' | 'int';

/**
 * An array as ONE parameter (drizzle spreads a JavaScript array into a list of parameters): a
 * PostgreSQL array literal, every element quoted and escaped, so free text (a lecture id with a
 * quote, a comma or a brace) arrives as it was.
 */
export function arrayParam(values: readonly (string | number)[], type: ElementType): SQL {
  return sql`${arrayLiteral(values)}::${sql.raw(type)}[]`;
}

/** The literal alone, for a prepared statement's placeholder (cast where the statement reads it). */
export function arrayLiteral(values: readonly (string | number)[]): string {
  return `{${values.map((v) => `"${String(v).replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}
