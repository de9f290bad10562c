"use client";

import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { ImportDialog } from "@/components/upload/import-dialog";
import { asFile, core, saveAs } from "@/lib/api/core";
import type { Dicts, TreeSelectNode, UserRow } from "@/lib/api/types";
import { ResetPwdDialog } from "./reset-pwd-dialog";
import { UserFormDialog } from "./user-form-dialog";

interface UserDialogs {
  create: () => void;
  edit: (userId: number) => void;
  resetPwd: (row: UserRow) => void;
  importUsers: () => void;
}

const Context = createContext<UserDialogs | null>(null);

/** The users screen's dialogs in one place, opened through useUserDialogs(). */
export function UserDialogsProvider({
  deptTree,
  dicts,
  onSaved,
  children,
}: {
  deptTree: TreeSelectNode[];
  dicts: Dicts;
  onSaved: () => void;
  children: ReactNode;
}) {
  const t = useTranslations("user");
  const [form, setForm] = useState<{ open: boolean; userId: number | null }>({ open: false, userId: null });
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [importing, setImporting] = useState(false);
  const value = useMemo<UserDialogs>(
    () => ({
      create: () => setForm({ open: true, userId: null }),
      edit: (userId) => setForm({ open: true, userId }),
      resetPwd: setResetting,
      importUsers: () => setImporting(true),
    }),
    [],
  );
  return (
    <Context.Provider value={value}>
      {children}
      <UserFormDialog
        open={form.open}
        userId={form.userId}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
        deptTree={deptTree}
        dicts={dicts}
        onSaved={onSaved}
      />
      <ResetPwdDialog user={resetting} onClose={() => setResetting(null)} />
      <ImportDialog
        open={importing}
        onOpenChange={setImporting}
        title={t("importTitle")}
        uploadPath="/system/user/importData"
        onTemplate={() => void saveAs(core.POST("/system/user/importTemplate", asFile), `user_template_${Date.now()}.xlsx`)}
        updateSupportLabel={t("updateSupport")}
        onImported={onSaved}
      />
    </Context.Provider>
  );
}

export function useUserDialogs(): UserDialogs {
  const value = useContext(Context);
  if (!value) throw new Error("useUserDialogs needs <UserDialogsProvider>");
  return value;
}
