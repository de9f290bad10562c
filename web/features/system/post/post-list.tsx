"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import { declareColumns, useEditing, useRemove } from "@/components/data-table/declare";
import { useListScreen } from "@/components/data-table/use-list";
import { asFile, core, saveAs } from "@/lib/api/core";
import type { PostRow, PostScreenData } from "@/lib/api/types";
import { PostFormDialog } from "./post-form-dialog";
import { POST_FILTERS, postParsers } from "./query";

/** 岗位管理. */
export function PostList({ data }: { data: PostScreenData }) {
  const t = useTranslations("post");
  const tl = useTranslations("list");
  const screen = useListScreen(postParsers, POST_FILTERS, data.page.rows);
  const { query, refresh } = screen.list;
  const form = useEditing();
  const { edit } = form;
  const remove = useRemove(t("postId"), (postIds) => core.DELETE("/system/post/{postIds}", { params: { path: { postIds } } }), refresh);
  const { columns, choices } = useMemo(
    () =>
      declareColumns<PostRow>(
        [
          { key: "postId", header: t("postId"), sort: true },
          { key: "postCode", header: t("postCode"), sort: true },
          { key: "postName", header: t("postName") },
          { key: "postSort", header: t("postSort"), sort: true },
          { key: "status", header: tl("status"), dict: data.dicts.sys_normal_disable },
          { key: "createTime", header: tl("createTime"), sort: true },
        ],
        { header: tl("operations"), cell: (row) => <EditRemoveActions perm="system:post" onEdit={() => edit(row.postId)} onRemove={() => remove([row.postId])} /> },
      ),
    [t, tl, data.dicts, edit, remove],
  );
  return (
    <>
      <CrudList
        testId="post-screen"
        perm="system:post"
        {...screen}
        query={[
          { kind: "input", name: "postCode", label: t("postCode") },
          { kind: "input", name: "postName", label: t("postName") },
          { kind: "dict", name: "status", label: tl("status"), options: data.dicts.sys_normal_disable },
        ]}
        columns={columns}
        choices={choices}
        rows={data.page.rows}
        total={data.page.total}
        getRowId={(row) => String(row.postId)}
        onAdd={form.create}
        onEdit={form.edit}
        onRemove={remove}
        onExport={() => saveAs(core.POST("/system/post/export", { body: { postCode: query.postCode, postName: query.postName, status: query.status }, ...asFile }), `post_${Date.now()}.xlsx`)}
      />
      <PostFormDialog postId={form.id} open={form.open} onClose={form.close} dicts={data.dicts} onSaved={refresh} />
    </>
  );
}
