"use client";

import { useMemo } from "react";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import { declareList, useCrudScreen } from "@/components/data-table/declare";
import { core } from "@/lib/api/core";
import type { NoticeRow, NoticeScreenData } from "@/lib/api/types";
import { NoticeFormDialog } from "./notice-form-dialog";
import { NOTICE_FILTERS, noticeParsers } from "./query";

/** 通知公告. */
export function NoticeList({ data }: { data: NoticeScreenData }) {
  const { label, screen, form, remove } = useCrudScreen({
    messages: "notice", idKey: "noticeId", nameKey: "noticeTitle", parsers: noticeParsers, filters: NOTICE_FILTERS, rows: data.page.rows,
    remove: (noticeIds) => core.DELETE("/system/notice/{noticeIds}", { params: { path: { noticeIds } } }),
  });
  const { edit } = form;
  const { sys_notice_type: types, sys_notice_status: statuses } = data.dicts;
  const declared = useMemo(
    () =>
      declareList<NoticeRow>(label, {
        fields: [{ key: "noticeId", sort: true }, { key: "noticeTitle" }, { key: "noticeType", dict: types }, { key: "status", dict: statuses }, { key: "createBy" }, { key: "createTime", sort: true }],
        filters: [{ kind: "input", name: "noticeTitle" }, { kind: "input", name: "createBy" }, { kind: "dict", name: "noticeType", options: types }],
        operations: { cell: (row) => <EditRemoveActions perm="system:notice" onEdit={() => edit(row.noticeId)} onRemove={() => remove([row.noticeId])} /> },
      }),
    [label, types, statuses, edit, remove],
  );
  return (
    <>
      <CrudList testId="notice-screen" perm="system:notice" {...screen} {...declared} page={data.page} rowKey="noticeId" onAdd={form.create} onEdit={edit} onRemove={remove} />
      <NoticeFormDialog noticeId={form.id} open={form.open} onClose={form.close} dicts={data.dicts} onSaved={screen.list.refresh} />
    </>
  );
}
