"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import { declareColumns, useEditing, useRemove } from "@/components/data-table/declare";
import { useListScreen } from "@/components/data-table/use-list";
import { core } from "@/lib/api/core";
import type { NoticeRow, NoticeScreenData } from "@/lib/api/types";
import { NoticeFormDialog } from "./notice-form-dialog";
import { NOTICE_FILTERS, noticeParsers } from "./query";

/** 通知公告. */
export function NoticeList({ data }: { data: NoticeScreenData }) {
  const t = useTranslations("notice");
  const tl = useTranslations("list");
  const screen = useListScreen(noticeParsers, NOTICE_FILTERS, data.page.rows);
  const { refresh } = screen.list;
  const form = useEditing();
  const { edit } = form;
  const remove = useRemove(t("noticeId"), (noticeIds) => core.DELETE("/system/notice/{noticeIds}", { params: { path: { noticeIds } } }), refresh);
  const { columns, choices } = useMemo(
    () =>
      declareColumns<NoticeRow>(
        [
          { key: "noticeId", header: t("noticeId"), sort: true },
          { key: "noticeTitle", header: t("noticeTitle") },
          { key: "noticeType", header: t("noticeType"), dict: data.dicts.sys_notice_type },
          { key: "status", header: tl("status"), dict: data.dicts.sys_notice_status },
          { key: "createBy", header: t("createBy") },
          { key: "createTime", header: tl("createTime"), sort: true },
        ],
        { header: tl("operations"), cell: (row) => <EditRemoveActions perm="system:notice" onEdit={() => edit(row.noticeId)} onRemove={() => remove([row.noticeId])} /> },
      ),
    [t, tl, data.dicts, edit, remove],
  );
  return (
    <>
      <CrudList
        testId="notice-screen"
        perm="system:notice"
        {...screen}
        query={[
          { kind: "input", name: "noticeTitle", label: t("noticeTitle") },
          { kind: "input", name: "createBy", label: t("createBy") },
          { kind: "dict", name: "noticeType", label: t("noticeType"), options: data.dicts.sys_notice_type },
        ]}
        columns={columns}
        choices={choices}
        rows={data.page.rows}
        total={data.page.total}
        getRowId={(row) => String(row.noticeId)}
        onAdd={form.create}
        onEdit={form.edit}
        onRemove={remove}
      />
      <NoticeFormDialog noticeId={form.id} open={form.open} onClose={form.close} dicts={data.dicts} onSaved={refresh} />
    </>
  );
}
