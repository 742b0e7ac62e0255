import { z } from "zod";
import { ROLES, type Role } from "#app/auth/permissions.ts";
import { charLength, cleanLine } from "#app/lib/text.ts";

export const createUserSchema = z.object({
  email: z
    .string({ error: "El email y la contraseña son obligatorios" })
    .trim()
    .min(1, "El email y la contraseña son obligatorios")
    .max(255, "Por favor, introduce un email válido")
    .pipe(z.email("Por favor, introduce un email válido"))
    .transform((value) => value.toLowerCase()),
  password: z
    .string({ error: "El email y la contraseña son obligatorios" })
    .min(1, "El email y la contraseña son obligatorios")
    .min(6, "La contraseña debe tener al menos 6 caracteres")
    .max(128, "La contraseña no puede superar 128 caracteres"),
  fullName: z
    .string()
    .optional()
    .transform((value) => cleanLine(value ?? ""))
    .refine((value) => charLength(value) <= 200, "El nombre no puede superar 200 caracteres"),
  role: z.enum(ROLES, { error: "Rol no válido" }).default("user"),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export const updateRoleSchema = z.object({
  userId: z.string().min(1).max(64),
  role: z.enum(ROLES, { error: "Rol no válido" }),
});

export const deleteUserSchema = z.object({ userId: z.string().min(1).max(64) });

export const signInSchema = z.object({
  email: z.string().trim().min(1, "El email y la contraseña son obligatorios").max(255),
  password: z.string().min(1, "El email y la contraseña son obligatorios").max(128),
});

// ---------------------------------------------------------------- the users screen
// Shared by its route (/admin/usuarios, the authority) and its panel, so that the component
// imports them from here and never from the route module (imports point down: routes →
// components → modules).

/** What every action of the users screen answers. */
export type UsersActionResult = { ok: true; message: string } | { ok: false; error: string };

/** One account as the loader hands it to the panel (dates arrive as strings after serialisation). */
export type UserView = { id: string; email: string; fullName: string; role: Role; createdAt: string | Date };
