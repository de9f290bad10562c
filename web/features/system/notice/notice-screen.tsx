import type { ViewProps } from "@/features/registry";
import { loadListScreen, ScreenFailure } from "@/features/system/shared/load-screen";
import type { NoticeScreenData } from "@/lib/api/types";
import { NoticeList } from "./notice-list";
import { noticeParsers } from "./query";

/** 通知公告. */
export async function NoticeScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<NoticeScreenData, typeof noticeParsers>("/bff/screens/system/notice", noticeParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <NoticeList data={result.data} />;
}
