"use client";

import { ChevronDownIcon, ChevronRightIcon, ChevronsDownUpIcon, LoaderIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { ToolbarButton } from "@/components/data-table/operations";
import { QueryField, QueryPanel } from "@/components/data-table/query-panel";
import { ListToolbar } from "@/components/data-table/toolbar";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { HeadedTable } from "@/components/headed-table";
import { TableCell, TableRow } from "@/components/ui/table";
import type { components } from "@/lib/api/bff-types";
import { answer, bff } from "@/lib/api/core";
import { RequestError } from "@/lib/request";
import { visibleRows } from "./tree-rows";

type Region = components["schemas"]["RegionOut"];

async function list(query: { parentCode?: string; keyword?: string }): Promise<Region[]> {
  try {
    return (await answer(bff.GET("/bff/screens/region", { params: { query } }))).data.regions;
  } catch (failure) {
    if (failure instanceof RequestError) return [];
    throw failure;
  }
}

/**
 * 区域列表 (region/index, spec 001 §2.15): China's administrative divisions as a tree table loaded level by
 * level (expanding a province loads its cities, a city its districts, a district its streets), and a search
 * by name or code prefix that lists the matches with their full path. The provinces come with the screen; a
 * level and a search are read through the same BFF screen. In the list frame's card, query panel and toolbar
 * (刷新 reads the opened levels again, 折叠 closes them all); no pager: a level is a few dozen rows.
 */
export function RegionTree({ provinces }: { provinces: Region[] }) {
  const t = useTranslations("regionScreen");
  const [roots] = useState<Region[]>(provinces);
  const [children, setChildren] = useState<Map<string, Region[]>>(new Map());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [loading, setLoading] = useState<string | null>(null);
  const [keyword, setKeyword] = useState("");
  const [matches, setMatches] = useState<Region[] | null>(null);
  const [showSearch, setShowSearch] = useState(true);
  const tl = useTranslations("list");

  const toggle = useCallback(async (node: Region) => {
    if (expanded.has(node.code)) {
      const next = new Set(expanded);
      next.delete(node.code);
      return setExpanded(next);
    }
    if (!children.has(node.code)) {
      setLoading(node.code);
      const loaded = await list({ parentCode: node.code });
      setChildren((was) => new Map(was).set(node.code, loaded));
      setLoading(null);
    }
    setExpanded((was) => new Set(was).add(node.code));
  }, [expanded, children]);

  const search = async () => {
    const word = keyword.trim();
    setMatches(word ? await list({ keyword: word }) : null);
  };

  const rows = useMemo(() => visibleRows(roots, children, expanded), [roots, children, expanded]);
  const levelName = (level: number) => t(`levels.${level}` as "levels.1");
  const centre = (r: Region) => (r.lng != null && r.lat != null ? `${r.lng.toFixed(6)}, ${r.lat.toFixed(6)}` : "");

  const reset = () => {
    setKeyword("");
    setMatches(null);
  };
  // 刷新: the levels are read again as they are opened, a search is run again
  const refresh = () => {
    setChildren(new Map());
    setExpanded(new Set());
    if (matches !== null) void search();
  };

  return (
    <Card className="m-4 py-4" data-testid="region-screen">
      <CardContent className="flex flex-col gap-3 px-4">
        <QueryPanel show={showSearch} onSearch={() => void search()} onReset={reset}>
          <QueryField label={t("name")}>
            <Input className="h-8 w-64" value={keyword} maxLength={32} placeholder={t("search")} aria-label={t("search")} data-testid="region-keyword" onChange={(e) => setKeyword(e.target.value)} />
          </QueryField>
        </QueryPanel>
        <ListToolbar showSearch={showSearch} onToggleSearch={() => setShowSearch(!showSearch)} onRefresh={refresh}>
          <ToolbarButton testId="toolbar-collapse" icon={<ChevronsDownUpIcon />} label={tl("collapse")} disabled={expanded.size === 0} onClick={() => setExpanded(new Set())} />
        </ListToolbar>
      {matches !== null ? (
        <>
          <p className="text-muted-foreground text-sm">{matches.length ? t("matches", { count: matches.length }) : t("noMatch")}</p>
          <HeadedTable data-testid="region-matches" headers={[t("name"), t("code"), t("level"), t("path")]}>
            {matches.map((r) => (
              <TableRow key={r.code} data-testid={`region-match-${r.code}`}>
                <TableCell>{r.name}</TableCell>
                <TableCell className="font-mono">{r.code}</TableCell>
                <TableCell>{levelName(r.level)}</TableCell>
                <TableCell>{r.path}</TableCell>
              </TableRow>
            ))}
          </HeadedTable>
        </>
      ) : (
        <HeadedTable data-testid="region-tree" headers={[t("name"), t("code"), t("level"), { label: t("centre"), className: "hidden sm:table-cell" }]}>
          {rows.map(({ node, depth, expanded: open }) => (
            <TableRow key={node.code} data-testid={`region-row-${node.code}`}>
              <TableCell>
                <div className="flex items-center gap-1" style={{ paddingLeft: `${depth * 1.25}rem` }}>
                  {node.hasChildren ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-6"
                      aria-expanded={open}
                      aria-label={t(open ? "collapse" : "expand", { name: node.name })}
                      data-testid={`region-toggle-${node.code}`}
                      onClick={() => void toggle(node)}
                    >
                      {loading === node.code ? <LoaderIcon className="animate-spin" /> : open ? <ChevronDownIcon /> : <ChevronRightIcon />}
                    </Button>
                  ) : (
                    <span className="inline-block size-6" />
                  )}
                  <span>{node.name}</span>
                </div>
              </TableCell>
              <TableCell className="font-mono">{node.code}</TableCell>
              <TableCell>{levelName(node.level)}</TableCell>
              <TableCell className="text-muted-foreground hidden sm:table-cell">{centre(node)}</TableCell>
            </TableRow>
          ))}
        </HeadedTable>
      )}
      </CardContent>
    </Card>
  );
}
