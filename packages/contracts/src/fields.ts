import { z } from 'zod';

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
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'a name of letters, digits and underscores'),
  type: z.enum(fieldTypes),
  title: z.string().min(1).max(200),
  defaultValue: z.string().max(2000).optional(),
  validators: z
    .array(
      z.object({
        type: z.literal('regex'),
        regex: z.string().refine((source) => {
          try {
            new RegExp(source);
            return true;
          } catch {
            return false;
          }
        }, 'not a valid regular expression'),
      }),
    )
    .optional(),
  choices: z.array(z.string().min(1).max(200)).optional(),
  icon: z.string().max(100).optional(),
  min: z.string().max(40).optional(),
  max: z.string().max(40).optional(),
});

export type FieldDefinition = z.infer<typeof fieldDefinitionSchema>;
