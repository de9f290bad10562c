"use client";

import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import type { Dicts, RoleRow } from "@/lib/api/types";
import { DataScopeDialog } from "./data-scope-dialog";
import { RoleFormDialog } from "./role-form-dialog";

interface RoleDialogs {
  create: () => void;
  edit: (roleId: number) => void;
  dataScope: (row: RoleRow) => void;
}

const Context = createContext<RoleDialogs | null>(null);

export function RoleDialogsProvider({ dicts, onSaved, children }: { dicts: Dicts; onSaved: () => void; children: ReactNode }) {
  const [form, setForm] = useState<{ open: boolean; roleId: number | null }>({ open: false, roleId: null });
  const [scoped, setScoped] = useState<RoleRow | null>(null);
  const value = useMemo<RoleDialogs>(
    () => ({ create: () => setForm({ open: true, roleId: null }), edit: (roleId) => setForm({ open: true, roleId }), dataScope: setScoped }),
    [],
  );
  return (
    <Context.Provider value={value}>
      {children}
      <RoleFormDialog
        open={form.open}
        roleId={form.roleId}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
        dicts={dicts}
        onSaved={onSaved}
      />
      <DataScopeDialog key={scoped?.roleId ?? 0} role={scoped} onClose={() => setScoped(null)} onSaved={onSaved} />
    </Context.Provider>
  );
}

export function useRoleDialogs(): RoleDialogs {
  const value = useContext(Context);
  if (!value) throw new Error("useRoleDialogs needs <RoleDialogsProvider>");
  return value;
}
