/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { secretSchema, textSchema } from './text-schemas';

const UNSAFE = /contém caracteres não permitidos/;

describe('textSchema', () => {
  const title = textSchema({ field: 'O título', trim: true }).min(1, 'vazio');

  it('when the text is decomposed, then it comes back composed (NFC)', () => {
    expect(title.parse('Introduc\u0327a\u0303o')).toBe('Introdução');
  });

  it('when the text holds NUL or a right-to-left override, then the message names the field', () => {
    for (const text of ['a\u0000b', 'a\u202Eb']) {
      expect(title.safeParse(text).error?.issues[0]?.message).toBe(
        'O título contém caracteres não permitidos (de controle ou invisíveis)',
      );
    }
  });

  it('when trimming is asked for, then surrounding line breaks are dropped before the check', () => {
    expect(title.parse('\n Título \r\n')).toBe('Título');
    expect(title.safeParse('Tí\ntulo').success).toBe(false);
  });

  it('when the text is multi-line, then line breaks and tabs are kept', () => {
    const message = textSchema({ field: 'A mensagem', multiline: true });
    expect(message.parse('Olá,\r\n\tobrigado')).toBe('Olá,\r\n\tobrigado');
    expect(message.safeParse('Olá\u0000').success).toBe(false);
  });

  it('when the value is not a string, then the type message', () => {
    const named = textSchema({ field: 'O nome', typeError: 'Informe o seu nome' });
    expect(named.safeParse(42).error?.issues[0]?.message).toBe('Informe o seu nome');
  });
});

describe('secretSchema', () => {
  const password = secretSchema({ field: 'A senha' });

  it('when the password is decomposed, then it is kept exactly as typed', () => {
    expect(password.parse('senha-c\u0327')).toBe('senha-c\u0327');
  });

  it('when the password holds NUL or a bidi control, then it is refused', () => {
    expect(password.safeParse('senha\u0000123').success).toBe(false);
    expect(password.safeParse('senha\u202E123').success).toBe(false);
  });
});

/**
 * Every schema that reads client input, found by name in every contract module: request bodies are
 * `…BodySchema`, their parts `…InputSchema`, path and query parameters `…ParamsSchema`/`…QuerySchema`;
 * the add-course JSON and the UUID of path parameters keep their older names.
 */
const REQUEST_SCHEMA_NAME = /(Body|Input|Params|Query)Schema$|^addCourseDataSchema$|^uuidSchema$/;

const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], {
  eager: true,
});

const requestSchemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([name, value]) => REQUEST_SCHEMA_NAME.test(name) && value instanceof z.ZodType)
    .map(([name, value]) => ({ name: `${file.slice(2)} ${name}`, schema: value as z.ZodType })),
);

interface StringLeaf {
  path: string;
  schema: z.ZodType;
  format?: string;
}

/** Every string a client can send inside a schema, with where it sits. */
function stringLeaves(schema: z.ZodType, path: string): StringLeaf[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'string':
      return [{ path, schema, format: def.format as string | undefined }];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, child]) =>
        stringLeaves(child, `${path}.${key}`),
      );
    case 'array':
      return stringLeaves(def.element as z.ZodType, `${path}[]`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return stringLeaves(def.innerType as z.ZodType, path);
    case 'pipe':
      // What the client sends meets the input side first.
      return stringLeaves(def.in as z.ZodType, path);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => stringLeaves(option, path));
    case 'number':
    case 'boolean':
    case 'enum':
    case 'literal':
      return [];
    default:
      throw new Error(`${path}: add the zod kind "${def.type}" to this walk`);
  }
}

describe('every request schema in the contract', () => {
  it('when the contract is read, then request schemas are found in it', () => {
    const names = requestSchemas.map((entry) => entry.name);
    expect(names).toContain('auth.ts signUpBodySchema');
    expect(names).toContain('educator.ts addCourseDataSchema');
    expect(names).toContain('learning.ts updateProgressBodySchema');
    expect(names).toContain('site.ts onlineBodySchema');
  });

  for (const { name, schema } of requestSchemas) {
    it(`when a string field of ${name} holds NUL, U+202E or U+200B, then that field refuses it`, () => {
      for (const leaf of stringLeaves(schema, name)) {
        for (const hostile of ['a\u0000b', 'a\u202Eb', 'a\u200Bb']) {
          const issues = leaf.schema.safeParse(hostile).error?.issues ?? [];
          // A UUID is hex digits and hyphens only: its own format already refuses every such character.
          if (leaf.format === 'uuid') expect(issues.length, leaf.path).toBeGreaterThan(0);
          else
            expect(
              issues.map((issue) => issue.message),
              `${leaf.path} must start from textSchema() or secretSchema()`,
            ).toContainEqual(expect.stringMatching(UNSAFE));
        }
      }
    });
  }
});
