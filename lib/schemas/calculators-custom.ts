import { checkCustom, CUSTOM_LIMITS } from '@/lib/domain/calculators/custom';
import { MAX_EXPRESSION_LENGTH } from '@/lib/domain/calculators/expression';
import { line } from './text';
import * as z from './zod';

/** Wire schemas of «Свой калькулятор» (`calculators/custom/*`). */

const label = line(120, 'Заполните поле.');
const name = line(40, 'Заполните поле.');

const customDefinitionSchema = z
  .object({
    name: label,
    inputs: z
      .array(z.object({ name, label }), { error: 'Ожидается список полей.' })
      .check(z.maxLength(CUSTOM_LIMITS.inputs, { message: `Не больше ${CUSTOM_LIMITS.inputs} полей.` })),
    formulas: z
      .array(
        z.object({
          name,
          label,
          expr: z
            .string({ error: 'Заполните поле.' })
            .check(
              z.trim(),
              z.minLength(1, { message: 'Заполните поле.' }),
              z.maxLength(MAX_EXPRESSION_LENGTH, { message: `Не длиннее ${MAX_EXPRESSION_LENGTH} символов.` }),
            ),
          kind: z._default(z.enum(['money', 'number', 'percent'], { error: 'Выберите значение из списка.' }), 'money'),
        }),
        { error: 'Ожидается список формул.' },
      )
      .check(
        z.minLength(1, { message: 'Добавьте хотя бы одну формулу.' }),
        z.maxLength(CUSTOM_LIMITS.formulas, { message: `Не больше ${CUSTOM_LIMITS.formulas} формул.` }),
      ),
  })
  .check(
    z.superRefine((def, ctx) => {
      for (const [path, message] of Object.entries(checkCustom(def))) ctx.addIssue({ code: 'custom', path: path.split('.'), message });
    }),
  );
export type CustomDefinition = z.infer<typeof customDefinitionSchema>;

const id = z.string({ error: 'Укажите калькулятор.' }).check(z.minLength(1, { message: 'Укажите калькулятор.' }), z.maxLength(64));
const token = z.string().check(z.minLength(10), z.maxLength(64));

export const saveCustomSchema = z.intersection(customDefinitionSchema, z.object({ id: z.optional(id) }));
export const refCustomSchema = z.union([z.object({ id }), z.object({ token })], { error: 'Укажите id калькулятора или token ссылки.' });
export const runCustomSchema = z.intersection(refCustomSchema, z.object({ values: z._default(z.record(z.string(), z.unknown()), {}) }));
