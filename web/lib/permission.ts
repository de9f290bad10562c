export const SUPER_ROLE = "admin";
export const ALL_PERMISSIONS = "*:*:*";
export const DEFAULT_ROLE = "ROLE_DEFAULT";

export interface Access {
  roles: readonly string[];
  permissions: readonly string[];
}

type Requirement = string | readonly string[];

function required(value: Requirement | undefined, message: string): readonly string[] {
  const list = typeof value === "string" ? [value] : (value ?? []);
  if (list.length === 0 || list.some((item) => !item)) throw new Error(message);
  return list;
}

const PERMI_MESSAGE = "请设置操作权限标签值";
const ROLE_MESSAGE = "请设置角色权限标签值";

/** Passes when the user holds any one of the permissions ('*:*:*' passes everything). */
export function hasPermi(access: Access, value: Requirement): boolean {
  const wanted = required(value, PERMI_MESSAGE);
  if (access.permissions.includes(ALL_PERMISSIONS)) return true;
  return wanted.some((permission) => access.permissions.includes(permission));
}

/** Passes when the user holds every one of the permissions. */
export function hasPermiAnd(access: Access, value: Requirement): boolean {
  const wanted = required(value, PERMI_MESSAGE);
  if (access.permissions.includes(ALL_PERMISSIONS)) return true;
  return wanted.every((permission) => access.permissions.includes(permission));
}

/** Passes when the user has any one of the roles (role 'admin' passes everything). */
export function hasRole(access: Access, value: Requirement): boolean {
  const wanted = required(value, ROLE_MESSAGE);
  if (access.roles.includes(SUPER_ROLE)) return true;
  return wanted.some((role) => access.roles.includes(role));
}

/** Passes when the user has every one of the roles. */
export function hasRoleAnd(access: Access, value: Requirement): boolean {
  const wanted = required(value, ROLE_MESSAGE);
  if (access.roles.includes(SUPER_ROLE)) return true;
  return wanted.every((role) => access.roles.includes(role));
}

/** A user with no roles gets ROLE_DEFAULT. */
export function effectiveRoles(roles: readonly string[] | undefined): string[] {
  return roles && roles.length > 0 ? [...roles] : [DEFAULT_ROLE];
}
