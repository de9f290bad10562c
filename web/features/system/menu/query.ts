import { text } from "@/lib/list-parsers";

export const menuParsers = { menuName: text(), status: text() };
export const MENU_FILTERS = ["menuName", "status"] as const;
