import type { components } from "./bff-types";
import type { components as CoreComponents } from "./core-types";

/** Friendly names for the BFF's schemas (lib/api/bff-types.ts is generated: `npm run gen:types`). */
type Schemas = components["schemas"];

export type CaptchaData = Schemas["Captcha"];
export type LoginData = Schemas["Token"];
export type RegisterBody = Pick<Schemas["RegisterBody"], "username" | "password" | "confirmPassword" | "code" | "uuid">;
export type RouterNode = Schemas["RouterNode"];
export type DictDataItem = Schemas["DictDataOut"];
export type SessionData = Schemas["SessionScreen"];
export type DashboardData = Schemas["DashboardScreen"];
export type ShopHomeData = Schemas["ShopHome"];
export type LoginsPerDay = Schemas["LoginDay"];
export type RecentLogin = Schemas["RecentLogin"];

// ---- system administration: the BFF screens and the core's bodies (lib/api/core-types.ts) ----
type CoreSchemas = CoreComponents["schemas"];

export type TreeSelectNode = Schemas["TreeNode"];
export type UserRow = Schemas["UserRow"];
export type UserDetail = Schemas["UserDetail"];
export type RoleRow = Schemas["RoleRow"];
export type PostRow = Schemas["PostRow"];
export type MenuRow = Schemas["MenuRow"];
export type DeptRow = Schemas["DeptRow"];
export type DictTypeRow = Schemas["DictTypeRow"];
export type ConfigRow = Schemas["ConfigRow"];
export type NoticeRow = Schemas["NoticeRow"];
export type AuthUserRow = Schemas["AuthUserRow"];
export type UserScreenData = Schemas["UserScreen"];
export type UserFormOptions = Schemas["UserFormOptions"];
export type AuthRoleScreenData = Schemas["AuthRoleScreen"];
export type RoleScreenData = Schemas["RoleScreen"];
export type AuthUserScreenData = Schemas["AuthUserScreen"];
export type MenuScreenData = Schemas["MenuScreen"];
export type DeptScreenData = Schemas["DeptScreen"];
export type PostScreenData = Schemas["PostScreen"];
export type DictTypeScreenData = Schemas["DictTypeScreen"];
export type DictDataScreenData = Schemas["DictDataScreen"];
export type ConfigScreenData = Schemas["ConfigScreen"];
export type ConfigSettingsData = Schemas["ConfigSettings"];
export type NoticeScreenData = Schemas["NoticeScreen"];
export type ProfileScreenData = Schemas["ProfileScreen"];
export type Dicts = UserScreenData["dicts"];

// ---- declared business resources: one screen for all (features/resources)
export type ResourceScreenData = Schemas["ResourceScreen"];
export type ResourceMeta = Schemas["ResourceMeta"];
export type ResourceFieldMeta = Schemas["ResourceFieldMeta"];
export type ResourceActionMeta = Schemas["ResourceActionMeta"];
export type ResourceRow = Record<string, unknown>;
/** The panel some declared lists show above them (bff/screens/resource.py `panel_of`), by its `kind`. */
export type ResourcePanel = NonNullable<ResourceScreenData["panel"]>;
export type ChangeEntry = CoreComponents["schemas"]["ChangeEntry"];

export type UserBody = CoreSchemas["UserBody"];
export type RoleBody = CoreSchemas["RoleBody"];
export type DataScopeBody = CoreSchemas["DataScopeBody"];
export type MenuBody = CoreSchemas["MenuBody"];
export type DeptBody = CoreSchemas["DeptBody"];
export type PostBody = CoreSchemas["PostBody"];
export type DictTypeBody = CoreSchemas["TypeBody"];
export type DictDataBody = CoreSchemas["DataBody"];
export type ConfigBody = CoreSchemas["ConfigBody"];
export type ConfigBatchBody = CoreSchemas["ConfigBatch"];
export type NoticeBody = CoreSchemas["NoticeBody"];
export type ProfileBody = CoreSchemas["ProfileBody"];
export type ResetPwdBody = CoreSchemas["ResetPwdBody"];

// ---- monitor: the BFF screens and the core's bodies
export type OperLogRow = Schemas["OperLogRow"];
export type OperLogScreenData = Schemas["OperLogScreen"];
export type LoginLogRow = Schemas["LoginLogRow"];
export type LoginLogScreenData = Schemas["LoginLogScreen"];
export type OnlineRow = Schemas["OnlineRow"];
export type OnlineScreenData = Schemas["OnlineScreen"];
export type JobRow = Schemas["JobRow"];
export type JobHandlerInfo = Schemas["JobHandlerInfo"];
export type JobScreenData = Schemas["JobScreen"];
export type CronCheck = Schemas["CronCheck"];
export type JobLogRow = Schemas["JobLogRow"];
export type JobLogScreenData = Schemas["JobLogScreen"];
export type ServerFigures = Schemas["ServerFigures"];
export type CacheFigures = Schemas["CacheFigures"];
export type CacheNameRow = Schemas["CacheNameRow"];
export type MonitorDicts = OperLogScreenData["dicts"];

export type JobBody = CoreSchemas["JobBody"];
export type CacheValue = CoreSchemas["CacheValue"];
