import { z } from 'zod/mini';

/** A profile or consent field definition (spec, first document: profile field definition). */
export const fieldTypes = [
  'text',
  'dropdown',
  'dropdown2',
  'radio',
  'radio2',
  'address',
  'date',
  'date2',
  'email',
] as const;

export const fieldDefinitionSchema = z.object({
  name: z
    .string()
    .check(z.regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'a name of letters, digits and underscores')),
  type: z.enum(fieldTypes),
  title: z.string().check(z.minLength(1), z.maxLength(200)),
  defaultValue: z.optional(z.string().check(z.maxLength(2000))),
  validators: z.optional(
    z.array(
      z.object({
        type: z.literal('regex'),
        regex: z.string().check(
          z.refine((source) => {
            try {
              new RegExp(source);
              return true;
            } catch {
              return false;
            }
          }, 'not a valid regular expression'),
        ),
        /** What to say when the value does not match (else 'This field is invalid'). */
        message: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
      }),
    ),
  ),
  choices: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(200)))),
  icon: z.optional(z.string().check(z.maxLength(100))),
  min: z.optional(z.string().check(z.maxLength(40))),
  max: z.optional(z.string().check(z.maxLength(40))),
});

export type FieldDefinition = z.infer<typeof fieldDefinitionSchema>;
