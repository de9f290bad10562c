import { text } from "@/lib/list-parsers";

export const deptParsers = { deptName: text(), status: text() };
export const DEPT_FILTERS = ["deptName", "status"] as const;
