import { z } from 'zod';
import { EDUCATOR_TITLES } from './rules/educator-title';
import { staffRoleSchema } from './staff';
import { secretSchema, textSchema } from './text-schemas';

const EMAIL_MESSAGE = 'Informe um e-mail válido';

/** Trimmed and lower-cased before the check, so ' Ana@Mail.com ' signs in as 'ana@mail.com'. */
export const emailSchema = textSchema({ field: 'O e-mail', typeError: EMAIL_MESSAGE, trim: true })
  .toLowerCase()
  .max(254, 'O e-mail deve ter no máximo 254 caracteres')
  .pipe(z.email({ error: EMAIL_MESSAGE }));

/** A person's name as they type it at sign-up or on their profile. */
export const personNameSchema = textSchema({
  field: 'O nome',
  typeError: 'Informe o seu nome',
  trim: true,
})
  .min(1, 'Informe o seu nome')
  .max(80, 'O nome deve ter no máximo 80 caracteres');

/** A password being chosen (sign-up, reset, change); signing in accepts any stored one. */
export const newPasswordSchema = secretSchema({
  field: 'A senha',
  typeError: 'Informe uma senha',
})
  .min(8, 'A senha deve ter pelo menos 8 caracteres')
  .max(200, 'A senha deve ter no máximo 200 caracteres');

export const signUpBodySchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signInBodySchema = z.object({
  email: emailSchema,
  password: secretSchema({ field: 'A senha', typeError: 'Informe a senha' }).min(
    1,
    'Informe a senha',
  ),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const roleSchema = z.enum(['student', 'educator']);
export type Role = z.infer<typeof roleSchema>;

/** 'Educador' or 'Educadora' (rules/educator-title): the person's own choice on the profile. */
export const educatorTitleSchema = z.enum(EDUCATOR_TITLES, {
  error: "Escolha 'Educador' ou 'Educadora'",
});

export const authUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  imageUrl: z.string(),
  role: roleSchema,
  /** Only on operators' accounts: they see the way to the console. */
  staffRole: staffRoleSchema.optional(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  user: authUserSchema,
  /** The sign-in cancelled the account's scheduled deletion. */
  deletionCancelled: z.literal(true).optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const userDataSchema = authUserSchema.extend({
  /** False until a local account's owner uses the mailed confirmation link. */
  emailVerified: z.boolean(),
  enrolledCourses: z.array(z.string()),
  educatorTitle: educatorTitleSchema,
  /**
   * Only with EDUCATOR_APPLICATIONS=on: 'Tornar-se educador' opens an application an admin decides
   * instead of changing the role at once.
   */
  educatorApplications: z.literal(true).optional(),
});
export type UserData = z.infer<typeof userDataSchema>;

export const userDataResponseSchema = z.object({
  success: z.literal(true),
  user: userDataSchema,
});
export type UserDataResponse = z.infer<typeof userDataResponseSchema>;

/** PUT /api/user/educator-title: 'Educador' or 'Educadora' to learners, with Clerk too (it is ours). */
export const educatorTitleBodySchema = z.object({ educatorTitle: educatorTitleSchema });
export type EducatorTitleBody = z.infer<typeof educatorTitleBodySchema>;
export const educatorTitleResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  educatorTitle: educatorTitleSchema,
});
export type EducatorTitleResponse = z.infer<typeof educatorTitleResponseSchema>;
