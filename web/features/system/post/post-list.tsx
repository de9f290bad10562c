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
import { asFile, core, done, saveAs } from "@/lib/api/core";
import type { PostRow, PostScreenData } from "@/lib/api/types";
import { PostFormDialog } from "./post-form-dialog";
import { POST_FILTERS, postParsers } from "./query";

const helper = createColumnHelper<Features, PostRow>();

/** 岗位管理. */
export function PostList({ data }: { data: PostScreenData }) {
  const t = useTranslations("post");
  const tl = useTranslations("list");
  const list = useList(postParsers);
  const draft = useQueryDraft(list.query, POST_FILTERS, list.setQuery);
  const selection = useSelection(data.page.rows);
  const confirmed = useConfirmedAction();
  const [form, setForm] = useState<{ open: boolean; postId: number | null }>({ open: false, postId: null });
  const remove = (ids: number[]) =>
    void confirmed(tl("removeConfirm", { name: t("postId"), ids: ids.join(",") }), () => done(core.DELETE("/system/post/{postIds}", { params: { path: { postIds: ids.join(",") } } }))).then((ok) => ok && list.refresh());
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("postId", { header: t("postId"), meta: { sortKey: "postId" } }),
        helper.accessor("postCode", { header: t("postCode"), meta: { sortKey: "postCode" } }),
        helper.accessor("postName", { header: t("postName") }),
        helper.accessor("postSort", { header: t("postSort"), meta: { sortKey: "postSort" } }),
        helper.accessor("status", { header: tl("status"), cell: (info) => <DictTag options={data.dicts.sys_normal_disable} value={info.getValue()} /> }),
        helper.accessor("createTime", { header: tl("createTime"), meta: { sortKey: "createTime" } }),
        helper.display({
          id: "operations",
          header: tl("operations"),
          cell: ({ row }) => <EditRemoveActions perm="system:post" onEdit={() => setForm({ open: true, postId: row.original.postId })} onRemove={() => remove([row.original.postId])} />,
        }),
      ]),
    [t, tl, data.dicts],
  );
  const choices = useMemo(
    () => [
      { id: "postId", label: t("postId") },
      { id: "postCode", label: t("postCode") },
      { id: "postName", label: t("postName") },
      { id: "postSort", label: t("postSort") },
      { id: "status", label: tl("status") },
      { id: "createTime", label: tl("createTime") },
    ],
    [t, tl],
  );
  const { query } = list;
  return (
    <>
      <CrudList
        testId="post-screen"
        perm="system:post"
        list={list}
        selection={selection}
        onSearch={draft.search}
        onReset={draft.reset}
        filters={
          <>
            <QueryInput label={t("postCode")} name="postCode" value={draft.draft.postCode} onChange={(v) => draft.set("postCode", v)} />
            <QueryInput label={t("postName")} name="postName" value={draft.draft.postName} onChange={(v) => draft.set("postName", v)} />
            <QueryDictSelect label={tl("status")} name="status" value={draft.draft.status} onChange={(v) => draft.set("status", v)} options={data.dicts.sys_normal_disable} />
          </>
        }
        columns={columns}
        choices={choices}
        rows={data.page.rows}
        total={data.page.total}
        getRowId={(row) => String(row.postId)}
        onAdd={() => setForm({ open: true, postId: null })}
        onEdit={(postId) => setForm({ open: true, postId })}
        onRemove={remove}
        onExport={() => saveAs(core.POST("/system/post/export", { body: { postCode: query.postCode, postName: query.postName, status: query.status }, ...asFile }), `post_${Date.now()}.xlsx`)}
      />
      <PostFormDialog postId={form.postId} open={form.open} onClose={() => setForm({ ...form, open: false })} dicts={data.dicts} onSaved={list.refresh} />
    </>
  );
}
