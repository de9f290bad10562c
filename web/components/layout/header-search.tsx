"use client";

import { SearchIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useConsole } from "@/components/layout/console-context";
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { useMenuTitle } from "@/lib/i18n-client";
import { createRouteSearch } from "@/lib/route-search";
import { menuHref, type SearchItem, searchItems } from "@/lib/routes";
import { isHttp } from "@/lib/validate";

/** Fuzzy search over the menu's titles and paths; external links open in a new tab. */
export function HeaderSearch() {
  const t = useTranslations("navbar");
  const menuTitle = useMenuTitle();
  const router = useRouter();
  const { routers } = useConsole();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");

  const search = useMemo(
    () =>
      createRouteSearch(searchItems(routers).map((item) => ({ ...item, title: item.title.map(menuTitle) }))),
    [routers, menuTitle],
  );
  const results = search(query);

  const go = (item: SearchItem) => {
    setOpen(false);
    setQuery("");
    if (isHttp(item.path)) window.open(item.path, "_blank", "noopener");
    else router.push(menuHref(item.path, item.query));
  };

  return (
    <>
      <button
        type="button"
        data-testid="header-search"
        aria-label={t("search")}
        onClick={() => setOpen(true)}
        className="flex h-full items-center px-2 text-muted-foreground hover:text-foreground"
      >
        <SearchIcon className="size-[18px]" />
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="overflow-hidden p-0" showClose={false}>
          <DialogTitle className="sr-only">{t("search")}</DialogTitle>
          <Command shouldFilter={false}>
            <CommandInput
              data-testid="header-search-input"
              placeholder={t("search")}
              value={query}
              onValueChange={setQuery}
            />
            <CommandList>
              {query.trim() && <CommandEmpty>{t("noMatch")}</CommandEmpty>}
              {results.map((item) => (
                <CommandItem
                  key={item.path}
                  value={item.path}
                  data-testid="header-search-item"
                  data-path={item.path}
                  onSelect={() => go(item)}
                >
                  <span className="truncate">{item.title.join(" > ")}</span>
                  <span className="ml-auto truncate text-xs text-muted-foreground">{item.path}</span>
                </CommandItem>
              ))}
            </CommandList>
          </Command>
        </DialogContent>
      </Dialog>
    </>
  );
}
