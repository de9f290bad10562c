import { z } from "zod";

export const SUPER_ADMIN_ID = 1;
const PHONE = /^1[3-9]\d{9}$/;
const PASSWORD_FORBIDDEN = /[<>"'\\|]/;

type T = (key: string, values?: Record<string, string | number>) => string;

/** The password rule the core checks: 5 to 20 characters, none of < > " ' \ |. */
export function passwordSchema(t: T) {
  return z
    .string()
    .min(1, t("passwordRequired"))
    .refine((value) => value.length >= 5 && value.length <= 20, t("passwordLength"))
    .refine((value) => !PASSWORD_FORBIDDEN.test(value), t("passwordChars"));
}

const optionalText = (max: number, message: string) => z.string().max(max, message).optional().or(z.literal(""));

/** The create/edit form; user name and password only when creating. */
export function userSchema(t: T, creating: boolean) {
  return z.object({
    userId: z.number().optional(),
    deptId: z.number().nullable().optional(),
    userName: creating
      ? z.string().trim().min(1, t("userNameRequired")).min(2, t("userNameLength")).max(20, t("userNameLength"))
      : z.string().optional(),
    nickName: z.string().trim().min(1, t("nickNameRequired")).max(30, t("nickNameLength")),
    password: creating ? passwordSchema(t) : z.string().optional(),
    phonenumber: z.string().refine((v) => !v || PHONE.test(v), t("phoneInvalid")).optional(),
    email: z.string().refine((v) => !v || z.email().safeParse(v).success, t("emailInvalid")).optional(),
    sex: z.string().optional(),
    status: z.string(),
    postIds: z.array(z.number()),
    roleIds: z.array(z.number()),
    remark: optionalText(500, t("remarkLength")),
  });
}

export type UserForm = z.infer<ReturnType<typeof userSchema>>;
