"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Fragment } from "react";
import { useMenuTitle } from "@/lib/i18n-client";
import { breadcrumbTrail, type RouteDescription } from "@/lib/static-routes";

/** Home / directory / … / page; only Home is a link. */
export function Breadcrumb({ description }: { description?: RouteDescription }) {
  const t = useTranslations("navbar");
  const menuTitle = useMenuTitle();
  const trail = breadcrumbTrail(description);
  return (
    <nav data-testid="breadcrumb" aria-label={t("breadcrumb")} className="hidden items-center gap-2 text-sm sm:flex">
      {trail.map((title, index) => (
        <Fragment key={`${index}-${title}`}>
          {index > 0 && <span className="text-muted-foreground">/</span>}
          {index === 0 && trail.length > 1 ? (
            <Link href="/index" className="font-semibold hover:text-primary">
              {menuTitle(title)}
            </Link>
          ) : (
            <span className={index === trail.length - 1 ? "text-muted-foreground" : "font-semibold"}>
              {menuTitle(title)}
            </span>
          )}
        </Fragment>
      ))}
    </nav>
  );
}
