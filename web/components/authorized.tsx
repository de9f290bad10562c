"use client";

import type { ReactNode } from "react";
import { useConsole } from "@/components/layout/console-context";
import { hasPermi, hasPermiAnd, hasRole, hasRoleAnd } from "@/lib/permission";

interface AuthorizedProps {
  perms?: string | string[];
  roles?: string | string[];
  /** require every listed permission / role instead of any one */
  all?: boolean;
  children: ReactNode;
}

/** Renders its children only for a user who has the permissions and roles. */
export function Authorized({ perms, roles, all = false, children }: AuthorizedProps) {
  const access = useConsole();
  if (perms !== undefined && !(all ? hasPermiAnd : hasPermi)(access, perms)) return null;
  if (roles !== undefined && !(all ? hasRoleAnd : hasRole)(access, roles)) return null;
  return <>{children}</>;
}
