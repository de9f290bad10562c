import { ScreenFailure } from "@/components/screen-error";
import type { ViewProps } from "@/features/registry";
import type { PostScreenData } from "@/lib/api/types";
import { loadListScreen } from "@/lib/list-screen";
import { PostList } from "./post-list";
import { postParsers } from "./query";

/** 岗位管理. */
export async function PostScreen({ searchParams }: ViewProps) {
  const { result } = await loadListScreen<PostScreenData, typeof postParsers>("/bff/screens/system/post", postParsers, searchParams);
  if (!result.ok) return <ScreenFailure result={result} />;
  return <PostList data={result.data} />;
}
