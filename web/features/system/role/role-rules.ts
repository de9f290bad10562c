import { z } from "zod";

type T = (key: string) => string;

export function roleSchema(t: T) {
  return z.object({
    roleId: z.number().optional(),
    roleName: z.string().trim().min(1, t("roleNameRequired")).max(30, t("roleNameLength")),
    roleKey: z.string().trim().min(1, t("roleKeyRequired")).max(100, t("roleKeyLength")),
    roleSort: z.number({ error: t("roleSortRequired") }).int().min(0).max(9999),
    status: z.string(),
    remark: z.string().max(500).optional(),
  });
}

export type RoleForm = z.infer<ReturnType<typeof roleSchema>>;

/** RuoYi's data scopes: 1 all, 2 custom departments, 3 own department, 4 own and below, 5 self only. */
export const DATA_SCOPES = ["1", "2", "3", "4", "5"] as const;
export const CUSTOM_SCOPE = "2";
