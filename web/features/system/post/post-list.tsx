"use client";

import { useMemo } from "react";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import { declareList, useCrudScreen } from "@/components/data-table/declare";
import { asFile, core, saveAs } from "@/lib/api/core";
import type { PostRow, PostScreenData } from "@/lib/api/types";
import { PostFormDialog } from "./post-form-dialog";
import { POST_FILTERS, postParsers } from "./query";

/** 岗位管理. */
export function PostList({ data }: { data: PostScreenData }) {
  const { label, screen, form, remove } = useCrudScreen({
    messages: "post", idKey: "postId", nameKey: "postName", parsers: postParsers, filters: POST_FILTERS, rows: data.page.rows,
    remove: (postIds) => core.DELETE("/system/post/{postIds}", { params: { path: { postIds } } }),
  });
  const { query, refresh } = screen.list;
  const { edit } = form;
  const status = data.dicts.sys_normal_disable;
  const declared = useMemo(
    () =>
      declareList<PostRow>(label, {
        fields: [{ key: "postId", sort: true }, { key: "postCode", sort: true }, { key: "postName" }, { key: "postSort", sort: true }, { key: "status", dict: status }, { key: "createTime", sort: true }],
        filters: [{ kind: "input", name: "postCode" }, { kind: "input", name: "postName" }, { kind: "dict", name: "status", options: status }],
        operations: { cell: (row) => <EditRemoveActions perm="system:post" onEdit={() => edit(row.postId)} onRemove={() => remove([row.postId])} /> },
      }),
    [label, status, edit, remove],
  );
  const exportPosts = () => saveAs(core.POST("/system/post/export", { body: { postCode: query.postCode, postName: query.postName, status: query.status }, ...asFile }), `post_${Date.now()}.xlsx`);
  return (
    <>
      <CrudList testId="post-screen" perm="system:post" {...screen} {...declared} page={data.page} rowKey="postId" onAdd={form.create} onEdit={edit} onRemove={remove} onExport={exportPosts} />
      <PostFormDialog postId={form.id} open={form.open} onClose={form.close} dicts={data.dicts} onSaved={refresh} />
    </>
  );
}
