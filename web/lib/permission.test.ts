import { describe, expect, it } from "vitest";
import { effectiveRoles, hasPermi, hasPermiAnd, hasRole, hasRoleAnd } from "./permission";

const admin = { roles: ["admin"], permissions: ["*:*:*"] };
const common = { roles: ["common"], permissions: ["system:user:list", "system:user:query"] };

describe("permission checks", () => {
  it("lets '*:*:*' and role admin pass everything", () => {
    expect(hasPermi(admin, "tool:gen:edit")).toBe(true);
    expect(hasPermiAnd(admin, ["a:b:c", "d:e:f"])).toBe(true);
    expect(hasRole(admin, "anything")).toBe(true);
    expect(hasRoleAnd(admin, ["x", "y"])).toBe(true);
  });

  it("passes any-of when one matches and all-of only when all match", () => {
    expect(hasPermi(common, ["system:user:edit", "system:user:list"])).toBe(true);
    expect(hasPermi(common, ["system:user:edit"])).toBe(false);
    expect(hasPermiAnd(common, ["system:user:list", "system:user:query"])).toBe(true);
    expect(hasPermiAnd(common, ["system:user:list", "system:user:edit"])).toBe(false);
    expect(hasRole(common, ["admin", "common"])).toBe(true);
    expect(hasRoleAnd(common, ["common", "editor"])).toBe(false);
  });

  it("does not treat a permission holder as super user", () => {
    expect(hasRole({ roles: ["common"], permissions: ["*:*:*"] }, "admin")).toBe(false);
    expect(hasPermi({ roles: ["admin"], permissions: [] }, "system:user:list")).toBe(false);
  });

  it("throws on an empty requirement", () => {
    expect(() => hasPermi(common, [])).toThrow("请设置操作权限标签值");
    expect(() => hasPermiAnd(common, "")).toThrow("请设置操作权限标签值");
    expect(() => hasRole(common, [])).toThrow("请设置角色权限标签值");
    expect(() => hasRoleAnd(common, [""])).toThrow("请设置角色权限标签值");
  });
});

describe("effectiveRoles", () => {
  it("gives ROLE_DEFAULT to a user with no roles", () => {
    expect(effectiveRoles([])).toEqual(["ROLE_DEFAULT"]);
    expect(effectiveRoles(undefined)).toEqual(["ROLE_DEFAULT"]);
    expect(effectiveRoles(["common"])).toEqual(["common"]);
  });
});
