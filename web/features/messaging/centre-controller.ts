/**
 * The message centre (spec §2.6, §4.2): the unread counts behind the header badge (refreshed in the
 * background) and the panel's two lists, 10 a page, more on scroll; a failed load stays loadable.
 */
import {
  type CentreMessage,
  type CentreMessageDetail,
  type CentreTab,
  decrementCount,
  markRead,
  mergeMessages,
  needsRead,
  orderDetailPath,
} from "./chat-message-centre";
import { canLoadNext, type MessageCounts } from "./chat-rooms";
import { centreApi, quietCounts } from "./api";
import { Store } from "./store";

export interface TabState {
  items: CentreMessage[];
  pageNo: number;
  pages: number;
  loading: boolean;
  failed: boolean;
  loaded: boolean;
}

export interface CentreState {
  counts: MessageCounts | null;
  open: boolean;
  tab: CentreTab;
  sys: TabState;
  order: TabState;
  /** the system message open in the panel, its full text once loaded */
  detail: { message: CentreMessageDetail; loading: boolean; failed: boolean } | null;
}

const emptyTab: TabState = { items: [], pageNo: 0, pages: 0, loading: false, failed: false, loaded: false };

export class CentreController {
  readonly store = new Store<CentreState>({ counts: null, open: false, tab: "sys", sys: emptyTab, order: emptyTab, detail: null });
  private tokens: Record<CentreTab, number> = { sys: 0, order: 0 };
  private refreshing: Promise<void> | null = null;

  private get state() {
    return this.store.get();
  }

  refreshCounts = (): Promise<void> => {
    this.refreshing ??= quietCounts()
      .then((counts) => {
        if (counts) this.store.set({ counts });
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  };

  setOpen = (open: boolean): void => {
    this.store.set({ open });
    if (!open) return;
    void this.refreshCounts();
    // every opening shows the newest messages: both lists start again at page 1
    this.store.set({ sys: emptyTab, order: emptyTab, detail: null });
    void this.load(this.state.tab, 1);
  };

  setTab = (tab: CentreTab): void => {
    this.store.set({ tab });
    if (!this.state[tab].loaded && !this.state[tab].loading) void this.load(tab, 1);
  };

  /** The next page when scrolled near the bottom; after a failure the same page is tried again. */
  loadMore = (): void => {
    const tab = this.state.tab;
    const list = this.state[tab];
    if (list.loading) return;
    if (!list.loaded) {
      void this.load(tab, 1);
      return;
    }
    if (canLoadNext(list.pageNo, list.pages)) void this.load(tab, list.pageNo + 1);
  };

  private async load(tab: CentreTab, pageNo: number): Promise<void> {
    const token = ++this.tokens[tab];
    this.store.set((state) => ({ [tab]: { ...state[tab], loading: true, failed: false } }) as Partial<CentreState>);
    try {
      const body = await centreApi.list(tab, pageNo);
      if (token !== this.tokens[tab]) return;
      const page = body.data;
      this.store.set((state) => ({
        [tab]: {
          items: mergeMessages(state[tab].items, page?.data ?? [], pageNo),
          pageNo,
          pages: page?.pages ?? 0,
          loading: false,
          failed: false,
          loaded: true,
        },
      }) as Partial<CentreState>);
    } catch {
      if (token !== this.tokens[tab]) return;
      // spec §8: the list stays loadable (page number unchanged, the next scroll or click tries again)
      this.store.set((state) => ({ [tab]: { ...state[tab], loading: false, failed: true } }) as Partial<CentreState>);
    }
  }

  /**
   * A click: an unread message is marked read (one off its counter); an order message 1901 opens the
   * order; a system message (a notice) opens in the panel with its text.
   */
  click = async (tab: CentreTab, item: CentreMessage, navigate: (path: string) => void): Promise<void> => {
    const target = orderDetailPath(item);
    if (target) {
      this.store.set({ open: false });
      navigate(target);
    }
    if (tab === "sys") void this.showDetail(item);
    if (!needsRead(item)) return;
    try {
      await centreApi.read(item.objId);
    } catch {
      return;
    }
    this.store.set((state) => ({
      [tab]: { ...state[tab], items: markRead(state[tab].items, item.objId) },
      counts: decrementCount(state.counts ?? { sysMsgNum: 0, orderMsgNum: 0 }, tab),
    }) as Partial<CentreState>);
  };

  private showDetail = async (item: CentreMessage): Promise<void> => {
    this.store.set({ detail: { message: item, loading: true, failed: false } });
    try {
      const message = (await centreApi.info(item.objId)).data;
      if (this.state.detail?.message.objId !== item.objId || !message) return;
      this.store.set({ detail: { message, loading: false, failed: false } });
    } catch {
      if (this.state.detail?.message.objId !== item.objId) return;
      this.store.set({ detail: { message: item, loading: false, failed: true } });
    }
  };

  closeDetail = (): void => {
    this.store.set({ detail: null });
  };
}
