"use client";

import { ChevronsUpDownIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { ToolbarButton } from "@/components/data-table/operations";
import { ListToolbar } from "@/components/data-table/toolbar";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { TitledDialog } from "@/components/titled-dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { HeadedTable } from "@/components/headed-table";
import { TableCell, TableRow } from "@/components/ui/table";
import { useList } from "@/components/data-table/use-list";
import type { components } from "@/lib/api/bff-types";
import { core, done } from "@/lib/api/core";
import { categoryLevelsParsers, levelRows, newCategoryBody } from "./category-levels-logic";

type Adding = "frame" | "organisation" | null;

/**
 * The hidden sub-page content/category/levels (spec 001 §2.6): the one-level and the one/two-level list of
 * the category tree, adding a frame and adding an organisation. The category list itself is the
 * declared resource's standard screen (content/category/index). In the list frame's card and toolbar (刷新, and
 * 展开/折叠 of the organisations in the two-level list); no
 * query panel (the levels call filters nothing) and no pager (the whole tree, one or two levels deep).
 */
export function CategoryLevelsView({ data: { tree, frames } }: { data: components["schemas"]["CategoryLevels"] }) {
  const t = useTranslations("categoryLevels");
  const tl = useTranslations("list");
  const list = useList(categoryLevelsParsers);
  const depth = list.query.depth;
  const setDepth = (next: 1 | 2) => list.setQuery({ depth: next });
  const [adding, setAdding] = useState<Adding>(null);
  const [name, setName] = useState("");
  const [sort, setSort] = useState(0);
  const [frameId, setFrameId] = useState<number | null>(null);
  const [error, setError] = useState("");
  // 展开/折叠: the two-level list shows or hides the organisations under their frames
  const [unfolded, setUnfolded] = useState(true);

  const open = (kind: Adding) => {
    setAdding(kind);
    setName("");
    setSort(0);
    setFrameId(frames[0]?.id ?? null);
    setError("");
  };

  const submit = async () => {
    if (!adding) return;
    if (!name.trim()) return setError(t("nameRequired"));
    if (adding === "organisation" && !frameId) return setError(t("frameRequired"));
    if (!(await done(core.POST("/admin/category/edit", { body: newCategoryBody(adding, name, sort, frameId) })))) return;
    toast.success(t("saved"));
    setAdding(null);
    list.refresh();
  };

  const rows = levelRows(tree, depth).filter((row) => unfolded || row.depth === 0);
  return (
    <Card className="m-4 py-4" data-testid="category-levels-screen">
      <CardContent className="px-4">
      <ListToolbar onRefresh={list.refresh}>
        <Button variant={depth === 1 ? "default" : "outline"} size="sm" onClick={() => setDepth(1)}>
          {t("oneLevel")}
        </Button>
        <Button variant={depth === 2 ? "default" : "outline"} size="sm" onClick={() => setDepth(2)}>
          {t("twoLevels")}
        </Button>
        <ToolbarButton testId="toolbar-expand" icon={<ChevronsUpDownIcon />} label={tl("expandToggle")} disabled={depth === 1} onClick={() => setUnfolded(!unfolded)} />
        <Authorized perms={["content:category:add"]}>
          <Button size="sm" variant="outline" onClick={() => open("frame")}>
            {t("addFrame")}
          </Button>
          <Button size="sm" variant="outline" onClick={() => open("organisation")}>
            {t("addOrganisation")}
          </Button>
        </Authorized>
      </ListToolbar>
      <HeadedTable aria-label={t("title")} headers={[t("name"), t("kind"), t("level"), t("sort"), t("status"), depth === 1 && t("children")]} empty={rows.length === 0 && t("empty")}>
        {rows.map(({ node, depth: indent, childCount }) => (
          <TableRow key={node.id}>
            <TableCell style={{ paddingLeft: `${0.5 + indent * 1.5}rem` }}>{node.name}</TableCell>
            <TableCell>{t.has(`kinds.${node.kind}`) ? t(`kinds.${node.kind}`) : node.kind}</TableCell>
            <TableCell>{node.level}</TableCell>
            <TableCell>{node.sort}</TableCell>
            <TableCell>{t.has(`statuses.${node.status}`) ? t(`statuses.${node.status}`) : node.status}</TableCell>
            {depth === 1 && <TableCell>{childCount}</TableCell>}
          </TableRow>
        ))}
      </HeadedTable>
      <TitledDialog open={adding !== null} onClose={() => setAdding(null)} title={adding === "frame" ? t("addFrame") : t("addOrganisation")}>
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {adding === "organisation" && (
            <label className="flex flex-col gap-1 text-sm">
              {t("frame")}
              <NativeSelect aria-label={t("frame")} value={frameId ?? ""} onChange={(e) => setFrameId(Number(e.target.value) || null)}>
                {frames.map((frame) => (
                  <option key={frame.id} value={frame.id}>
                    {frame.name}
                  </option>
                ))}
              </NativeSelect>
            </label>
          )}
          <label className="flex flex-col gap-1 text-sm">
            {t("name")}
            <Input aria-label={t("name")} value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t("sort")}
            <Input aria-label={t("sort")} type="number" min={0} max={9999} value={sort} onChange={(e) => setSort(Number(e.target.value) || 0)} />
          </label>
          {error && <p className="text-sm text-destructive">{error}</p>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setAdding(null)}>
              {t("cancel")}
            </Button>
            <Button type="submit">{t("save")}</Button>
          </div>
        </form>
      </TitledDialog>
      </CardContent>
    </Card>
  );
}
