"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useConfirmedAction } from "@/components/confirm-provider";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import type { Features } from "@/components/data-table/features";
import { QueryDictSelect, QueryInput } from "@/components/data-table/query-panel";
import { useList, useQueryDraft, useSelection } from "@/components/data-table/use-list";
import { DictTag } from "@/components/dict-tag";
import { core, done } from "@/lib/api/core";
import type { NoticeRow, NoticeScreenData } from "@/lib/api/types";
import { NoticeFormDialog } from "./notice-form-dialog";
import { NOTICE_FILTERS, noticeParsers } from "./query";

const helper = createColumnHelper<Features, NoticeRow>();

/** 通知公告. */
export function NoticeList({ data }: { data: NoticeScreenData }) {
  const t = useTranslations("notice");
  const tl = useTranslations("list");
  const list = useList(noticeParsers);
  const draft = useQueryDraft(list.query, NOTICE_FILTERS, list.setQuery);
  const selection = useSelection(data.page.rows);
  const confirmed = useConfirmedAction();
  const [form, setForm] = useState<{ open: boolean; noticeId: number | null }>({ open: false, noticeId: null });
  const remove = (ids: number[]) =>
    void confirmed(tl("removeConfirm", { name: t("noticeId"), ids: ids.join(",") }), () => done(core.DELETE("/system/notice/{noticeIds}", { params: { path: { noticeIds: ids.join(",") } } }))).then((ok) => ok && list.refresh());
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("noticeId", { header: t("noticeId"), meta: { sortKey: "noticeId" } }),
        helper.accessor("noticeTitle", { header: t("noticeTitle") }),
        helper.accessor("noticeType", { header: t("noticeType"), cell: (info) => <DictTag options={data.dicts.sys_notice_type} value={info.getValue()} /> }),
        helper.accessor("status", { header: tl("status"), cell: (info) => <DictTag options={data.dicts.sys_notice_status} value={info.getValue()} /> }),
        helper.accessor("createBy", { header: t("createBy") }),
        helper.accessor("createTime", { header: tl("createTime"), meta: { sortKey: "createTime" } }),
        helper.display({
          id: "operations",
          header: tl("operations"),
          cell: ({ row }) => <EditRemoveActions perm="system:notice" onEdit={() => setForm({ open: true, noticeId: row.original.noticeId })} onRemove={() => remove([row.original.noticeId])} />,
        }),
      ]),
    [t, tl, data.dicts],
  );
  const choices = useMemo(
    () => ["noticeId", "noticeTitle", "noticeType", "status", "createBy", "createTime"].map((id) => ({ id, label: ["status", "createTime"].includes(id) ? tl(id) : t(id) })),
    [t, tl],
  );
  return (
    <>
      <CrudList
        testId="notice-screen"
        perm="system:notice"
        list={list}
        selection={selection}
        onSearch={draft.search}
        onReset={draft.reset}
        filters={
          <>
            <QueryInput label={t("noticeTitle")} name="noticeTitle" value={draft.draft.noticeTitle} onChange={(v) => draft.set("noticeTitle", v)} />
            <QueryInput label={t("createBy")} name="createBy" value={draft.draft.createBy} onChange={(v) => draft.set("createBy", v)} />
            <QueryDictSelect label={t("noticeType")} name="noticeType" value={draft.draft.noticeType} onChange={(v) => draft.set("noticeType", v)} options={data.dicts.sys_notice_type} />
          </>
        }
        columns={columns}
        choices={choices}
        rows={data.page.rows}
        total={data.page.total}
        getRowId={(row) => String(row.noticeId)}
        onAdd={() => setForm({ open: true, noticeId: null })}
        onEdit={(noticeId) => setForm({ open: true, noticeId })}
        onRemove={remove}
      />
      <NoticeFormDialog noticeId={form.noticeId} open={form.open} onClose={() => setForm({ ...form, open: false })} dicts={data.dicts} onSaved={list.refresh} />
    </>
  );
}
