import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import type { NoticeScreenData } from "@/lib/api/types";
import { loadListScreen } from "@/lib/list-screen";
import { NoticeList } from "./notice-list";
import { noticeParsers } from "./query";

/** 通知公告. */
export async function NoticeScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<NoticeScreenData, typeof noticeParsers>("/bff/screens/system/notice", noticeParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <NoticeList data={result.data} />;
}
