/**
 * Screens written by the code generator (Tools > Code generation). Unzip the generated code at the
 * repository root, then register each generated screen with the one line its view.tsx names, e.g.
 *
 *   export { view as shopSample } from "./shop/sample/view";
 *
 * features/generated/registry.ts adds every view exported here to the console's registry, under the
 * view path of the menu row that the generated migration inserts.
 */
export {};
