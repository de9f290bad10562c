import { z } from "zod";

export const DIRECTORY = "M";
export const MENU = "C";
export const BUTTON = "F";

type T = (key: string) => string;

/** The menu form: what is required depends on the type (M directory, C menu, F button). */
export function menuSchema(t: T) {
  return z
    .object({
      menuId: z.number().optional(),
      parentId: z.number(),
      menuType: z.enum([DIRECTORY, MENU, BUTTON]),
      icon: z.string().optional(),
      menuName: z.string().trim().min(1, t("menuNameRequired")).max(50),
      orderNum: z.number({ error: t("orderNumRequired") }).int().min(0),
      isFrame: z.string(),
      path: z.string().optional(),
      component: z.string().optional(),
      perms: z.string().max(100).optional(),
      query: z.string().max(255).optional(),
      routeName: z.string().max(50).optional(),
      isCache: z.string(),
      visible: z.string(),
      status: z.string(),
    })
    .refine((menu) => menu.menuType === BUTTON || !!menu.path?.trim(), { path: ["path"], message: t("pathRequired") })
    .refine((menu) => menu.isFrame !== "0" || menu.menuType === BUTTON || /^https?:\/\//.test(menu.path ?? ""), {
      path: ["path"],
      message: t("pathExternal"),
    });
}

export type MenuForm = z.infer<ReturnType<typeof menuSchema>>;
