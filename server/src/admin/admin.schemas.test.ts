// A template's variables are names a person types; the names superjson refuses to carry
// (`constructor`, `prototype`, `__proto__`) are refused at the door, so the template list never
// answers 500 because of one template (found by the fuzz suite).
import { describe, expect, it } from 'vitest';
import { createTemplateSchema } from './admin.schemas.js';

const template = (variables: Record<string, string>) => ({
  templateName: 'boas_vindas',
  subject: 'Olá',
  htmlContent: '<p>Olá {{first_name}}</p>',
  variables,
  isActive: true,
});

describe('template variables', () => {
  it('take ordinary names', () => {
    expect(createTemplateSchema.safeParse(template({ first_name: 'Nome', DIAS_2: 'Dias' })).success).toBe(
      true,
    );
  });

  it('refuse the names of an object machinery, with a pt-BR message', () => {
    for (const name of ['constructor', 'prototype']) {
      const parsed = createTemplateSchema.safeParse(template(JSON.parse(`{"${name}": "x"}`)));
      expect(parsed.success, name).toBe(false);
      expect(JSON.stringify(parsed.error?.issues)).toContain('este nome é reservado');
    }
  });

  it('never keep a __proto__ key (zod drops it before any check; refused if it ever got through)', () => {
    const parsed = createTemplateSchema.safeParse(template(JSON.parse('{"__proto__": "x", "nome": "y"}')));
    if (parsed.success) {
      expect(Object.hasOwn(parsed.data.variables, '__proto__')).toBe(false);
      expect(parsed.data.variables).toEqual({ nome: 'y' });
    } else expect(JSON.stringify(parsed.error.issues)).toContain('este nome é reservado');
  });
});
